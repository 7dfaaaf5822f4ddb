import { z } from 'zod';
import type { ErrorCode } from './texts/errors.ts';

/** docs/api/http.md, Conventions and Errors: success and error envelopes. */
export type DataEnvelope<T> = { data: T };
/**
 * `totalIsExact` false: the list stopped counting at `total` and holds more (the lawyer directory,
 * docs/decisions/0020-bounded-search-counts.md); absent or true: `total` is exact.
 */
export type PageMeta = { total: number; page: number; pageSize: number; totalIsExact?: boolean };
export type PageEnvelope<T> = { data: T[]; meta: PageMeta };
export type ErrorEnvelope = {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    status?: number;
    fields?: Record<string, string>;
  };
};

/** Response schemas of the envelopes, for routes that declare what they answer. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalIsExact: z.boolean().optional(),
});
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });
/** The answer of an action that has nothing to give back. */
export const emptyEnvelope = z.object({ data: z.null() });
