import type { ErrorCode } from './texts/errors.ts';

/** API.md: success and error envelopes. */
export type DataEnvelope<T> = { data: T };
export type PageMeta = { total: number; page: number; pageSize: number };
export type PageEnvelope<T> = { data: T[]; meta: PageMeta };
export type ErrorEnvelope = {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    status?: number;
    fields?: Record<string, string>;
  };
};
