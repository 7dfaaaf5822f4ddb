import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from '../lib/server-root.ts';
import {
  bool,
  ConfigError,
  millis,
  positiveWhole,
  type SectionInput,
  url,
  visibleSecret,
  wholeNumber,
} from './fields.ts';

/** The process itself: where it listens, what it trusts, how long a client may hold a connection. */

/** proxy-addr's names for address ranges (what Fastify's trustProxy accepts besides addresses). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Connections waiting to be taken by default: node:http's own 511 overflowed when every chat socket came
 * back at once after a network cut (bench/README.md, chat-10k), and the clients refused waited twice as
 * long to try again. Linux caps it at net.core.somaxconn (4096 on current kernels).
 */
export const DEFAULT_LISTEN_BACKLOG = 4096;

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(item: string): boolean {
  const [address = '', prefix, extra] = item.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts nobody (the socket's address is the client's); a number trusts that many
 * proxy hops; otherwise a comma list of addresses, CIDR ranges or proxy-addr's names (`loopback`, ...).
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{1,2}$/.test(v) ||
      v.split(',').every((item) => PROXY_RANGES.includes(item.trim()) || isAddressOrRange(item.trim())),
    {
      error:
        'TRUST_PROXY debe ser un número de saltos o una lista separada por comas de direcciones IP, rangos CIDR, loopback, linklocal o uniquelocal',
    },
  )
  .transform((v): number | string[] =>
    /^\d{1,2}$/.test(v) ? Number(v) : v.split(',').map((item) => item.trim()),
  );

export const serverShape = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV debe ser development, production o test',
    })
    .default('development'),
  PORT: wholeNumber('PORT debe ser un número de puerto entre 0 y 65535', 0, 65535).default(3000),
  HOST: z.string().trim().min(1, { error: 'HOST no puede estar vacío' }).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, { error: 'DATA_DIR no puede estar vacío' }).default('./data'),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).optional(),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'RATE_LIMIT_FACTOR debe ser un número mayor que 0' })
    .positive({ error: 'RATE_LIMIT_FACTOR debe ser un número mayor que 0' })
    .default(1),
  CHAT_MAX_SOCKETS_PER_USER: positiveWhole('CHAT_MAX_SOCKETS_PER_USER').default(20),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL debe ser fatal, error, warn, info, debug, trace o silent',
    })
    .optional(),
  WEB_DIST: z.string().trim().min(1).optional(),
  TRUST_PROXY: trustProxy.optional(),
  // a slow client may not hold a connection longer than these (node:http's own timers)
  HTTP_HEADERS_TIMEOUT_MS: millis('HTTP_HEADERS_TIMEOUT_MS', 100, 600_000).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: millis('HTTP_REQUEST_TIMEOUT_MS', 100, 3_600_000).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis('HTTP_KEEP_ALIVE_TIMEOUT_MS', 100, 600_000).default(10_000),
  MAX_CONNECTIONS_PER_IP: positiveWhole('MAX_CONNECTIONS_PER_IP').default(100),
  HTTP_LISTEN_BACKLOG: wholeNumber(
    'HTTP_LISTEN_BACKLOG debe ser un número entero de conexiones entre 1 y 65535',
    1,
    65_535,
  ).default(DEFAULT_LISTEN_BACKLOG),
  API_DOCS: bool('API_DOCS').optional(),
  METRICS_TOKEN: visibleSecret('METRICS_TOKEN').optional(),
};

export type ServerConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  rateLimitFactor: number;
  /** open chat sockets one user may hold on each server process */
  chatMaxSocketsPerUser: number;
  logLevel: string;
  /** the built web app; undefined when it has not been built (API only) */
  webDist: string | undefined;
  /** Fastify's trustProxy: false (nobody), a hop count, or the addresses and ranges of trusted proxies */
  trustProxy: false | number | string[];
  http: {
    headersTimeoutMs: number;
    /** the whole request, body included; a WebSocket, once upgraded, is not bound by it */
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** open sockets per remote address (a trusted proxy's are not counted) */
    maxConnectionsPerIp: number;
    /** connections the kernel may hold for the server before it takes them (capped by net.core.somaxconn) */
    listenBacklog: number;
  };
  /** the interactive API reference at /api/docs (the OpenAPI document itself is always served) */
  apiDocs: boolean;
  /** bearer token that opens /metrics; unset: /metrics does not exist */
  metricsToken: string | undefined;
  /** the directory's and board's few seconds of cache (off in tests unless a test turns them on) */
  shortCaches: boolean;
};

const defaultWebDist = path.resolve(SERVER_ROOT, '../web/dist');

type ServerEnv = z.infer<z.ZodObject<typeof serverShape>>;

export function serverSettings({ e, production }: SectionInput<ServerEnv, unknown>): ServerConfig {
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    // node:http refuses to start otherwise; say which variables to change
    throw new ConfigError(
      'Configuración no válida: HTTP_HEADERS_TIMEOUT_MS no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS.',
    );
  }
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    chatMaxSocketsPerUser: e.CHAT_MAX_SOCKETS_PER_USER,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
      listenBacklog: e.HTTP_LISTEN_BACKLOG,
    },
    apiDocs: e.API_DOCS ?? !production,
    metricsToken: e.METRICS_TOKEN,
    shortCaches: e.NODE_ENV !== 'test',
  };
}
