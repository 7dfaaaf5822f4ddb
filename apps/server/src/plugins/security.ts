import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import { COOKIE_CHOICE_SCRIPT } from '@l4l/shared/constants/cookie-choice';
import { isIndexablePath, isPrivatePath } from '@l4l/shared/constants/pages';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/** The one inline script L4L serves (landing.html's cookie choice, before the first paint), by its hash. */
export const COOKIE_CHOICE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COOKIE_CHOICE_SCRIPT).digest('base64')}'`;

/** What L4L's pages may load: its own files, Google sign-in and Stripe; never plugins, frames of us or <base>. */
export function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          COOKIE_CHOICE_SCRIPT_HASH,
          'https://accounts.google.com/gsi/client',
          'https://js.stripe.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com', 'https://lh3.googleusercontent.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://accounts.google.com/gsi/', 'https://api.stripe.com'],
        frameSrc: ['https://accounts.google.com/gsi/', 'https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet would set, computed once. They never depend on the request (no nonces), and
 * @fastify/helmet rebuilt them, CSP parsing included, on every request: a tenth of a cached listing's time
 * (bench/README.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** The session cookie's name (ADR 0003); plugins/auth.ts reads it too. */
export const SESSION_COOKIE = 'l4l_session';

/** Vite's dev server (`npm run dev`, port 5173), which proxies the API and the chat to this server. */
export const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origins whose pages may use the session cookie: PUBLIC_URL's, plus Vite's dev server outside
 * production (docs/decisions/0003-web-session.md).
 */
export function trustedOrigins(config: Pick<Config, 'publicUrl' | 'env'>): ReadonlySet<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.env !== 'production') for (const origin of DEV_SERVER_ORIGINS) origins.add(origin);
  return origins;
}

/**
 * Whether a request that carries the session cookie may act with it. SameSite=Strict lets the cookie
 * through from any page of the same site (another port, a sibling subdomain), so the browser's own
 * word on where the request comes from decides: `Origin`, else `Sec-Fetch-Site` (Fetch Metadata). A
 * client that sends neither is not a browser, and no browser page can have made it carry our cookie.
 */
export function fromTrustedPage(request: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return trusted.has(origin);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/** What the cookie can do: every write, and the chat's WebSocket upgrade (a CONNECT may use the cookie). */
function usesCookieAuthority(request: FastifyRequest): boolean {
  if (!request.cookies?.[SESSION_COOKIE]) return false;
  // a Bearer caller authenticates with its header, never with the cookie (plugins/auth.ts)
  if (/^bearer\b/i.test(request.headers.authorization ?? '')) return false;
  return UNSAFE_METHODS.has(request.method) || isUpgrade(request);
}

/**
 * docs/domain.md, Public lawyer pages (For search engines): whether an answer must be kept out of search
 * engines. Everything under a private path, every error, and every HTML page that is not one of the
 * public ones (the web app answers any path with its index.html).
 */
export function keptFromSearchEngines(path: string, status: number, contentType: string): boolean {
  if (isPrivatePath(path) || status >= 400) return true;
  return contentType.startsWith('text/html') && !isIndexablePath(path);
}

/**
 * Security headers on every answer (CSP, nosniff, Referrer-Policy, HSTS outside localhost),
 * `Cache-Control: no-store` on API answers, which may carry private data, `X-Robots-Tag: noindex` on
 * what search engines must not index, and the refusal (403) of a session cookie sent by another
 * origin's page.
 */
async function security(app: FastifyInstance) {
  const headers = securityHeaders(helmetOptions(app.config.publicUrl.startsWith('https:')));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cookie);
  // after the cookie plugin's own onRequest hook, which parses the cookies read here
  const trusted = trustedOrigins(app.config);
  app.addHook('onRequest', async (request, reply) => {
    if (!usesCookieAuthority(request) || fromTrustedPage(request, trusted)) return;
    // a refused upgrade's socket belongs to no HTTP connection any more: end it once the 403 is written
    if (isUpgrade(request)) reply.raw.once('finish', () => request.raw.socket?.end());
    throw new AppError('FORBIDDEN', { message: es.security.foreignOrigin });
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    const path = request.url.split('?', 1)[0] ?? '/';
    const type = String(reply.getHeader('content-type') ?? '');
    if (keptFromSearchEngines(path, reply.statusCode, type)) reply.header('x-robots-tag', 'noindex');
  });
}

export default fp(security, { name: 'security', dependencies: ['config'] });
