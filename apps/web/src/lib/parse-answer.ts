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
 * load it beside their first request rather than before their first paint (issue #9). A failed load is
 * tried again on the next use.
 */
export function lazySchema<T>(load: () => Promise<z.ZodType<T>>): () => Promise<z.ZodType<T>> {
  let schema: Promise<z.ZodType<T>> | undefined;
  return () => {
    schema ??= load().catch((error: unknown) => {
      schema = undefined;
      throw error;
    });
    return schema;
  };
}

/**
 * One page of a list (API.md `{data, meta}`), each item checked against `schema`, which loads beside the
 * request. Without `meta` the page is taken as the whole list.
 */
export async function getCheckedPage<T>(
  path: string,
  query: Record<string, string | number | undefined> & { page: number; pageSize: number },
  schema: () => Promise<z.ZodType<T[]>>,
  signal?: AbortSignal,
): Promise<{ items: T[]; meta: PageMeta }> {
  const [answer, checked] = await Promise.all([
    apiClient.getPage<unknown>(path, { signal, query }),
    schema(),
  ]);
  const items = parseAnswer(checked, answer?.data);
  return { items, meta: answer?.meta ?? { total: items.length, page: query.page, pageSize: query.pageSize } };
}
