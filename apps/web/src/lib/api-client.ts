import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es/public';

/** Codes the client gives to failures that never reached an answer from the server. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT_ERROR = 'TIMEOUT';

/**
 * An answer that was not a success, turned back into what a screen needs: `message` is the
 * Spanish text to show; `fields` the per-field messages of a 400; `bodyStatus` the legacy `error.status`
 * (69 banned, 420 lawyer not verified) that the login screen tells apart (docs/api/http.md, Errors).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network failure or time-out). */
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly bodyStatus: number | undefined;
  /** What else the error envelope said, as strings (a refused login's `reason` and `contact`). */
  readonly details: Readonly<Record<string, string | boolean>>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    bodyStatus?: number;
    details?: Record<string, string | boolean>;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.bodyStatus = init.bodyStatus;
    this.details = init.details ?? {};
  }

  get isTimeout(): boolean {
    return this.code === TIMEOUT_ERROR;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Cancels the request (TanStack Query passes one); a cancelled request rejects with an AbortError. */
  signal?: AbortSignal;
  /** After this many milliseconds the request is abandoned with an ApiError of code TIMEOUT. */
  timeoutMs?: number;
};

function urlOf(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A field of an answer that may be anything (an error body is read without zod, ADR 0008). */
function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** The per-field messages of a 400, kept only when every one is a text. */
function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, message]) => typeof message === 'string')
    ? Object.fromEntries(entries.map(([field, message]) => [field, String(message)]))
    : undefined;
}

/** The envelope's other plain fields (strings and booleans), e.g. a refused login's reason. */
function detailsOf(error: unknown): Record<string, string | boolean> {
  const details: Record<string, string | boolean> = {};
  if (typeof error !== 'object' || error === null) return details;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'code') continue;
    if (typeof value === 'string' || typeof value === 'boolean') details[key] = value;
  }
  return details;
}

/**
 * The ApiError of a failed answer, read from the error envelope (docs/api/http.md, Conventions) field by field; `fallback` is the
 * message when the body has none (otherwise the code's known message, or the internal error's).
 */
export function errorFromAnswer(status: number, body: unknown, fallback?: string): ApiError {
  const error = fieldOf(body, 'error');
  const rawCode = fieldOf(error, 'code');
  const code = typeof rawCode === 'string' ? rawCode : status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR';
  const message = fieldOf(error, 'message');
  const bodyStatus = fieldOf(error, 'status');
  const known: string | undefined = Object.hasOwn(ERROR_MESSAGES, code)
    ? Reflect.get(ERROR_MESSAGES, code)
    : undefined;
  return new ApiError({
    status,
    code,
    message: (typeof message === 'string' && message) || fallback || known || ERROR_MESSAGES.INTERNAL_ERROR,
    fields: fieldsOf(fieldOf(error, 'fields')),
    bodyStatus: typeof bodyStatus === 'number' ? bodyStatus : undefined,
    details: detailsOf(error),
  });
}

/**
 * Calls the API on the same origin (docs/api/http.md, Conventions) with the session cookie
 * (ADR 0003), and returns the `data` of the `{data}` envelope, unchecked: every fetcher checks it against
 * its shared schema (lib/parse-answer.ts, or lib/empty-answer.ts for `{data: null}`) before a screen
 * trusts it, so no method here claims a type.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  return (await apiRequestEnvelope(path, options))?.data;
}

/** The whole success envelope: `{data}`, plus `meta` on the lists that page (docs/api/http.md, Conventions). */
async function apiRequestEnvelope(
  path: string,
  options: RequestOptions,
): Promise<{ data?: unknown; meta?: unknown } | undefined> {
  const { method = 'GET', body, query, signal, timeoutMs } = options;
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  // a plain timer rather than AbortSignal.timeout, so tests can drive it with fake timers
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);

  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(urlOf(path, query), {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      payload = await readJson(response);
    } catch (cause) {
      if (timedOut) {
        throw new ApiError({ status: 0, code: TIMEOUT_ERROR, message: es.login.connectionError });
      }
      // the caller cancelled: let the cancellation through untouched (TanStack Query expects it)
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: NETWORK_ERROR, message: es.login.connectionError });
    }
    if (!response.ok) throw errorFromAnswer(response.status, payload);
    return { data: fieldOf(payload, 'data'), meta: fieldOf(payload, 'meta') };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export const apiClient = {
  get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'GET' }),
  /** A paged list: the unchecked envelope, `data` (the items) and `meta` (total, page, pageSize). */
  getPage: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequestEnvelope(path, { ...options, method: 'GET' }),
  post: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'DELETE' }),
};
