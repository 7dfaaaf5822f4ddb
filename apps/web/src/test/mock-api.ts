import { vi } from 'vitest';

export type ApiCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  signal?: AbortSignal;
};
type Reply = Response | Promise<Response>;
export type Route = (call: ApiCall) => Reply;

/** A JSON answer as the server gives it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
export const ok = (data: unknown = null) => json(200, { data });
export const fail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { error: { code, message, ...extra } });

/** An answer that never comes, unless the request is aborted (as a real fetch behaves). */
export function hang(call: ApiCall): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

/** What the app asks on start when nobody is signed in (ADR 0003). */
const DEFAULT_ROUTES: Record<string, Route> = {
  'POST /api/auth/logout': () => ok(null),
  'GET /api/auth/me': () => fail(401, 'UNAUTHENTICATED', 'Tienes que iniciar sesión para continuar.'),
  'GET /api/auth/providers': () => ok({ google: null }),
};

/**
 * Replaces fetch with a tiny fake server: `routes` are keyed 'METHOD /path'. Every call is recorded;
 * an unknown route answers 404 so a test notices a call it did not expect.
 */
export function mockApi(routes: Record<string, Route> = {}) {
  const all = { ...DEFAULT_ROUTES, ...routes };
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const route = all[`${call.method} ${call.path}`];
    return route ? route(call) : fail(404, 'NOT_FOUND', 'No encontrado');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one route, e.g. callsTo('POST /api/auth/login'). */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
