import type { PageMeta } from '@l4l/shared/envelope';
import type { z } from 'zod';
import { apiClient } from './api-client.ts';
import { InvalidDataError } from './invalid-data-error.ts';
import './zod-config.ts';

export { InvalidDataError, isInvalidDataError } from './invalid-data-error.ts';

/** Checks an answer against its shared schema before a screen trusts it. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new InvalidDataError();
  return result.data;
}

/**
 * A schema that loads on first use, zod with it: the first screens check their answers with it, and
 * load it beside their first request rather than before their first paint (ADR 0008). A failed load is
 * tried again on the next use.
 */
export function lazySchema<Schema extends z.ZodType>(load: () => Promise<Schema>): () => Promise<Schema> {
  let schema: Promise<Schema> | undefined;
  return () => {
    schema ??= load().catch((error: unknown) => {
      schema = undefined;
      throw error;
    });
    return schema;
  };
}

const envelopes = () => import('@l4l/shared/envelope');

/** `{data: item}` around the schema `item` loads, both loaded on first use with zod (lazySchema). */
export function lazyDataEnvelope<Item extends z.ZodType>(item: () => Promise<Item>) {
  return lazySchema(async () => {
    const [{ dataEnvelope }, schema] = await Promise.all([envelopes(), item()]);
    return dataEnvelope(schema);
  });
}

/**
 * A request's answer checked against the schema `schema` loads (lazySchema), loaded beside the request rather
 * than with the screen: the screen's first download carries neither zod nor the schema (ADR 0008).
 */
export async function parseLazily<T>(
  schema: () => Promise<z.ZodType<T>>,
  answer: Promise<unknown>,
): Promise<T> {
  const [value, loaded] = await Promise.all([answer, schema()]);
  return parseAnswer(loaded, value);
}

/** Each row of a list answer checked against its item's schema; an answer that is no list is invalid data. */
export function parseRows<T>(item: z.ZodType<T>, rows: unknown): T[] {
  if (!Array.isArray(rows)) throw new InvalidDataError();
  return rows.map((row) => parseAnswer(item, row));
}

// the page's meta is checked against the shared envelope's schema, loaded beside the request too
const pageMeta = lazySchema(() => envelopes().then((module) => module.pageMetaSchema));

/**
 * One page of a list (docs/api/http.md, Conventions: `{data, meta}`), each row checked against `item`: a schema, or its loader
 * (lazySchema), which then loads beside the request. Without `meta` the page is taken as the whole list.
 */
export async function getCheckedPage<T>(
  path: string,
  query: Record<string, string | number | undefined> & { page?: number; pageSize: number },
  item: z.ZodType<T> | (() => Promise<z.ZodType<T>>),
  signal?: AbortSignal,
): Promise<{ items: T[]; meta: PageMeta }> {
  const [answer, schema, metaSchema] = await Promise.all([
    apiClient.getPage(path, { signal, query }),
    typeof item === 'function' ? item() : item,
    pageMeta(),
  ]);
  const items = parseRows(schema, answer?.data);
  return {
    items,
    meta:
      answer?.meta === undefined
        ? { total: items.length, page: query.page ?? 1, pageSize: query.pageSize }
        : parseAnswer(metaSchema, answer.meta),
  };
}
