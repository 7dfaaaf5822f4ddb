import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { checkFiscalId } from '@l4l/shared/fiscal/fiscal-id';
import { z } from 'zod';
import { SERVER_ROOT } from './lib/server-root.ts';
import { type MasterKey, masterKey, parseMasterKey } from './lib/storage/envelope.ts';
import { parseStorageUrl, type StorageSettings } from './lib/storage/settings.ts';

/**
 * The one place that reads the environment. A bad value stops the start with a
 * one-line explanation naming the variable.
 */

const bool = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), {
      error: `${name} debe ser true o false`,
    })
    .transform((v) => ['true', '1', 'yes'].includes(v));

/** A comma list of ICE server URLs of these schemes ('turn:host:3478?transport=udp'). */
const iceUrls = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .transform((value) =>
      value
        .split(',')
        .map((one) => one.trim())
        .filter(Boolean),
    )
    .refine(
      (list) =>
        list.length > 0 &&
        list.every((one) =>
          schemes.some((scheme) => new RegExp(`^${scheme}:[^\\s/?#]+(\\?[\\w=&]+)?$`).test(one)),
        ),
      {
        error: `${name} debe ser una lista separada por comas de direcciones ${schemes.join(' o ')}:host[:puerto]`,
      },
    );

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { error: `${name} debe ser una URL ${protocols.map((p) => `${p}//`).join(' o ')}` },
    );

/** A whole number of milliseconds within [min, max]; the message names the variable and the range. */
const millis = (name: string, min: number, max: number) => {
  const error = `${name} debe ser un número de milisegundos entre ${min} y ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** A whole number of days within [min, max]; the message names the variable and the range. */
const days = (name: string, min: number, max: number) => {
  const error = `${name} debe ser un número entero de días entre ${min} y ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const LEGAL_YEARS_MIN = 6;
const LEGAL_YEARS_MAX = 30;

/**
 * Years a record is kept after the year it was written ends (docs/domain.md, Privacy rights, Retention).
 * Never below 6: the Código de Comercio (art. 30) keeps the documents behind the books that long.
 */
const legalYears = (name: string) => {
  const error = `${name} debe ser un número entero de años entre ${LEGAL_YEARS_MIN} y ${LEGAL_YEARS_MAX}: la ley obliga a conservar estos registros al menos ${LEGAL_YEARS_MIN} años (Código de Comercio, art. 30)`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(LEGAL_YEARS_MIN, { error })
    .max(LEGAL_YEARS_MAX, { error });
};

/** proxy-addr's names for address ranges (what Fastify's trustProxy accepts besides addresses). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

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

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV debe ser development, production o test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'PORT debe ser un número de puerto entre 0 y 65535' })
    .int({ error: 'PORT debe ser un número de puerto entre 0 y 65535' })
    .min(0, { error: 'PORT debe ser un número de puerto entre 0 y 65535' })
    .max(65535, { error: 'PORT debe ser un número de puerto entre 0 y 65535' })
    .default(3000),
  HOST: z.string().trim().min(1, { error: 'HOST no puede estar vacío' }).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, { error: 'DATA_DIR no puede estar vacío' }).default('./data'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, {
      error:
        'REDIS_PREFIX debe tener de 1 a 64 letras, cifras, puntos, guiones o guiones bajos, sin espacios',
    })
    .default('l4l'),
  SEED_DEMO: bool('SEED_DEMO').optional(),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL debe ser un correo electrónico válido' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'ADMIN_PASSWORD debe tener al menos 8 caracteres' }).optional(),
  ADMIN_TOTP_SECRET: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z2-7]{16,}=*$/, {
      error: 'ADMIN_TOTP_SECRET debe ser un secreto base32 de al menos 16 caracteres',
    })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET debe tener al menos 32 caracteres' }).optional(),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('L4L <no-responder@l4l.es>'),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .startsWith('sk_', { error: 'STRIPE_SECRET_KEY debe empezar por sk_' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .startsWith('whsec_', { error: 'STRIPE_WEBHOOK_SECRET debe empezar por whsec_' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .startsWith('pk_', { error: 'STRIPE_PUBLISHABLE_KEY debe empezar por pk_' })
    .optional(),
  STRIPE_API_BASE: url('STRIPE_API_BASE', ['http:', 'https:']).optional(),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).optional(),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'RATE_LIMIT_FACTOR debe ser un número mayor que 0' })
    .positive({ error: 'RATE_LIMIT_FACTOR debe ser un número mayor que 0' })
    .default(1),
  CHAT_MAX_SOCKETS_PER_USER: z.coerce
    .number({ error: 'CHAT_MAX_SOCKETS_PER_USER debe ser un número entero mayor que 0' })
    .int({ error: 'CHAT_MAX_SOCKETS_PER_USER debe ser un número entero mayor que 0' })
    .positive({ error: 'CHAT_MAX_SOCKETS_PER_USER debe ser un número entero mayor que 0' })
    .default(20),
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'PLATFORM_FEE_PERCENT debe ser un número entre 0 y 100' })
    .min(0, { error: 'PLATFORM_FEE_PERCENT debe ser un número entre 0 y 100' })
    .max(100, { error: 'PLATFORM_FEE_PERCENT debe ser un número entre 0 y 100' })
    .default(10),
  PLATFORM_NIF: z
    .string()
    .trim()
    .refine((v) => checkFiscalId(v).ok, { error: 'PLATFORM_NIF debe ser un NIF o CIF válido' })
    .transform((v) => (checkFiscalId(v) as { value: string }).value)
    .optional(),
  PLATFORM_NAME: z
    .string()
    .trim()
    .min(2)
    .max(120, { error: 'PLATFORM_NAME admite hasta 120 caracteres' })
    .optional(),
  PLATFORM_ADDRESS: z
    .string()
    .trim()
    .min(5, { error: 'PLATFORM_ADDRESS debe ser el domicilio fiscal completo' })
    .max(300, { error: 'PLATFORM_ADDRESS admite hasta 300 caracteres' })
    .optional(),
  AEAT_QR_BASE: url('AEAT_QR_BASE', ['https:']).default('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR'),
  // docs/invoices.md, Submission: the AEAT's VERI*FACTU web service instead of the sandbox submitter
  VERIFACTU_ENDPOINT: url('VERIFACTU_ENDPOINT', ['https:', 'http:']).optional(),
  VERIFACTU_CERT_PATH: z.string().trim().min(1).optional(),
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_JWKS_URL: url('GOOGLE_JWKS_URL', ['http:', 'https:']).default(
    'https://www.googleapis.com/oauth2/v3/certs',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL debe ser fatal, error, warn, info, debug, trace o silent',
    })
    .optional(),
  WEB_DIST: z.string().trim().min(1).optional(),
  TRUST_PROXY: trustProxy.optional(),
  ALLOW_SANDBOX_PAYMENTS: bool('ALLOW_SANDBOX_PAYMENTS').optional(),
  // a slow client may not hold a connection longer than these (node:http's own timers)
  HTTP_HEADERS_TIMEOUT_MS: millis('HTTP_HEADERS_TIMEOUT_MS', 100, 600_000).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: millis('HTTP_REQUEST_TIMEOUT_MS', 100, 3_600_000).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis('HTTP_KEEP_ALIVE_TIMEOUT_MS', 100, 600_000).default(10_000),
  MAX_CONNECTIONS_PER_IP: z.coerce
    .number({ error: 'MAX_CONNECTIONS_PER_IP debe ser un número entero mayor que 0' })
    .int({ error: 'MAX_CONNECTIONS_PER_IP debe ser un número entero mayor que 0' })
    .positive({ error: 'MAX_CONNECTIONS_PER_IP debe ser un número entero mayor que 0' })
    .default(100),
  DB_CONNECT_TIMEOUT_MS: millis('DB_CONNECT_TIMEOUT_MS', 100, 600_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: millis('DB_STATEMENT_TIMEOUT_MS', 100, 3_600_000).default(10_000),
  API_DOCS: bool('API_DOCS').optional(),
  SUPPORT_MAIL: z.email({ error: 'SUPPORT_MAIL debe ser una dirección de correo válida' }).optional(),
  STORAGE_URL: z.string().trim().optional(),
  FILES_KEY: z
    .string()
    .trim()
    .refine((v) => parseMasterKey(v) !== null, {
      error: 'FILES_KEY debe ser una clave de 32 bytes en base64 o 64 cifras hexadecimales',
    })
    .optional(),
  FILES_KEY_PREVIOUS: z
    .string()
    .trim()
    .refine((v) => v.split(',').every((one) => parseMasterKey(one) !== null), {
      error:
        'FILES_KEY_PREVIOUS debe ser una lista separada por comas de claves de 32 bytes en base64 o 64 cifras hexadecimales',
    })
    .optional(),
  OUTBOX_RETENTION_DAYS: days('OUTBOX_RETENTION_DAYS', 1, 3650).default(30),
  NOTIFICATION_MAILS_RETENTION_DAYS: days('NOTIFICATION_MAILS_RETENTION_DAYS', 1, 3650).default(90),
  PAYMENT_EVENTS_RETENTION_YEARS: legalYears('PAYMENT_EVENTS_RETENTION_YEARS').default(LEGAL_YEARS_MIN),
  AUDIT_LOG_RETENTION_YEARS: legalYears('AUDIT_LOG_RETENTION_YEARS').default(LEGAL_YEARS_MIN),
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,}$/, {
      error: 'METRICS_TOKEN debe tener al menos 16 caracteres visibles, sin espacios',
    })
    .optional(),
  TURN_URLS: iceUrls('TURN_URLS', ['turn', 'turns']).optional(),
  TURN_SECRET: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,}$/, {
      error: 'TURN_SECRET debe tener al menos 16 caracteres visibles, sin espacios',
    })
    .optional(),
  STUN_URLS: iceUrls('STUN_URLS', ['stun', 'stuns']).optional(),
});

export type Config = {
  /**
   * docs/operations.md, Video consultations: the ICE servers of a consultation's call. STUN_URLS (default
   * Google's public STUN); TURN_URLS with TURN_SECRET (coturn's static-auth-secret) add TURN with
   * credentials that expire
   */
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined };
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** every Redis key of this deployment starts with `<redisPrefix>:`, so two deployments never meet */
  redisPrefix: string;
  seedDemo: boolean;
  admin: { email: string; password: string; totpSecret: string | undefined } | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
        /** the browser's key for the test page's embedded card form (Stripe.js); optional */
        publishableKey?: string | undefined;
      }
    | undefined;
  publicUrl: string;
  /** Reply-To of the mails that invite an answer (SUPPORT_MAIL; soporte@ the host of PUBLIC_URL) */
  supportMail: string;
  rateLimitFactor: number;
  /** open chat sockets one user may hold on each server process */
  chatMaxSocketsPerUser: number;
  platformFeePercent: number;
  /** who invoices the platform's fee, and the QR's verification address (docs/invoices.md) */
  platform: { nif: string; name: string; address: string };
  aeatQrBase: string;
  /**
   * the AEAT's VERI*FACTU web service (VERIFACTU_ENDPOINT, the PKCS#12 certificate at VERIFACTU_CERT_PATH
   * and its password); undefined: the sandbox submitter keeps the records and accepts them
   */
  verifactu: { endpoint: string; certPath?: string; certPassword?: string } | undefined;
  googleClientId: string | undefined;
  /** where Google publishes the keys that sign its ID tokens; tests point it at a local server */
  googleJwksUrl: string;
  logLevel: string;
  /** the built web app; undefined when it has not been built (API only) */
  webDist: string | undefined;
  /** Fastify's trustProxy: false (nobody), a hop count, or the addresses and ranges of trusted proxies */
  trustProxy: false | number | string[];
  /** the sandbox checkout in production: only when a staging site asks for it (ALLOW_SANDBOX_PAYMENTS) */
  allowSandboxPayments: boolean;
  http: {
    headersTimeoutMs: number;
    /** the whole request, body included; a WebSocket, once upgraded, is not bound by it */
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** open sockets per remote address (a trusted proxy's are not counted) */
    maxConnectionsPerIp: number;
  };
  /** the interactive API reference at /api/docs (the OpenAPI document itself is always served) */
  apiDocs: boolean;
  /** days a mail written to DATA_DIR/outbox is kept (docs/domain.md, Privacy rights, Retention) */
  outboxRetentionDays: number;
  /** docs/domain.md, Privacy rights, Retention: the delivery records of mails no longer pending */
  notificationMailsRetentionDays: number;
  /** the payment providers' processed events, in years after the year they arrived */
  paymentEventsRetentionYears: number;
  /** the administrators' audit log, in years after the year of the entry */
  auditLogRetentionYears: number;
  /** bearer token that opens /metrics; unset: /metrics does not exist */
  metricsToken: string | undefined;
  /** where stored files live: DATA_DIR/uploads, or S3-compatible object storage (STORAGE_URL) */
  storage: StorageSettings;
  /** the key that seals documents at rest, and the previous ones still accepted during a rotation */
  filesKey: MasterKey;
  filesKeysPrevious: MasterKey[];
  /** the directory's and board's few seconds of cache (off in tests unless a test turns them on) */
  shortCaches: boolean;
  db: {
    connectTimeoutMs: number;
    /** PostgreSQL's statement_timeout; the driver gives up waiting for an answer shortly after it */
    statementTimeoutMs: number;
  };
};

/** Outside production only: the fictitious company of the legal notice, so invoices work out of the box. */
export const DEMO_PLATFORM = {
  nif: 'B19874361',
  name: 'L4L Plataforma Legal, S.L.',
  address: 'Calle de Serrano, 41, 4.ª planta, 28001 Madrid',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = path.resolve(SERVER_ROOT, '../web/dist');

/** Treat empty variables as unset, the way shells and .env files usually mean them. */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(present(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? '');
    const received = variable ? env[variable] : undefined;
    throw new ConfigError(
      `Configuración no válida: ${issue?.message ?? 'valor no válido'}${received !== undefined ? ` (recibido: "${received}")` : ''}.`,
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Configuración no válida: ADMIN_EMAIL y ADMIN_PASSWORD van juntos; falta uno de los dos.',
    );
  }
  if (production && !e.JWT_SECRET && !overrides.jwtSecret) {
    throw new ConfigError('Configuración no válida: JWT_SECRET es obligatorio con NODE_ENV=production.');
  }
  if (e.VERIFACTU_ENDPOINT?.startsWith('https:')) {
    // the AEAT identifies who submits by the TLS client certificate: without it every submission fails
    if (!e.VERIFACTU_CERT_PATH || !existsSync(e.VERIFACTU_CERT_PATH)) {
      throw new ConfigError(
        'Configuración no válida: VERIFACTU_ENDPOINT necesita VERIFACTU_CERT_PATH, la ruta del certificado (.p12 o .pfx) con el que se presentan los registros a la AEAT.',
      );
    }
  } else if (production && e.VERIFACTU_ENDPOINT) {
    throw new ConfigError(
      'Configuración no válida: con NODE_ENV=production VERIFACTU_ENDPOINT debe ser https.',
    );
  }
  const platformVars = ['PLATFORM_NIF', 'PLATFORM_NAME', 'PLATFORM_ADDRESS'] as const;
  const missingPlatform = platformVars.filter((name) => e[name] === undefined);
  if (production && missingPlatform.length > 0) {
    throw new ConfigError(
      `Configuración no válida: ${missingPlatform.join(', ')} ${missingPlatform.length > 1 ? 'son obligatorios' : 'es obligatorio'} con NODE_ENV=production (los datos fiscales de quien factura la comisión).`,
    );
  }
  if (production && e.SEED_DEMO === true) {
    // the demo administrator's password and second-factor secret are published in the README
    throw new ConfigError(
      'Configuración no válida: SEED_DEMO=true no se admite con NODE_ENV=production (las cuentas de demostración tienen claves públicas).',
    );
  }
  if (production && !e.STRIPE_SECRET_KEY && !overrides.stripe && e.ALLOW_SANDBOX_PAYMENTS !== true) {
    throw new ConfigError(
      'Configuración no válida: con NODE_ENV=production hace falta STRIPE_SECRET_KEY; la pasarela de pruebas (sin cobro real) solo se admite con ALLOW_SANDBOX_PAYMENTS=true en un sitio de pruebas.',
    );
  }
  if (production && !e.FILES_KEY && !overrides.filesKey) {
    throw new ConfigError(
      'Configuración no válida: FILES_KEY es obligatorio con NODE_ENV=production (la clave que cifra los documentos de los casos).',
    );
  }
  if (Boolean(e.TURN_URLS) !== Boolean(e.TURN_SECRET)) {
    throw new ConfigError(
      'Configuración no válida: TURN_URLS y TURN_SECRET van juntos (las direcciones del servidor TURN y su static-auth-secret).',
    );
  }
  const storage = parseStorageUrl(e.STORAGE_URL);
  if (typeof storage === 'string') {
    throw new ConfigError(`Configuración no válida: ${storage} (recibido: "${e.STORAGE_URL}").`);
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    // node:http refuses to start otherwise; say which variables to change
    throw new ConfigError(
      'Configuración no válida: HTTP_HEADERS_TIMEOUT_MS no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS.',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist;
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    seedDemo: e.SEED_DEMO ?? !production,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, totpSecret: e.ADMIN_TOTP_SECRET }
        : undefined,
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? '',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        }
      : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    supportMail: e.SUPPORT_MAIL ?? '',
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    chatMaxSocketsPerUser: e.CHAT_MAX_SOCKETS_PER_USER,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    platform: {
      nif: e.PLATFORM_NIF ?? DEMO_PLATFORM.nif,
      name: e.PLATFORM_NAME ?? DEMO_PLATFORM.name,
      address: e.PLATFORM_ADDRESS ?? DEMO_PLATFORM.address,
    },
    aeatQrBase: e.AEAT_QR_BASE,
    verifactu: e.VERIFACTU_ENDPOINT
      ? {
          endpoint: e.VERIFACTU_ENDPOINT,
          certPath: e.VERIFACTU_CERT_PATH,
          certPassword: e.VERIFACTU_CERT_PASSWORD,
        }
      : undefined,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS ?? !production,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    apiDocs: e.API_DOCS ?? !production,
    metricsToken: e.METRICS_TOKEN,
    ice: {
      // coturn answers STUN on its TURN ports too: without STUN_URLS, the TURN hosts, else Google's public one
      stunUrls:
        e.STUN_URLS ??
        (e.TURN_URLS
          ? [...new Set(e.TURN_URLS.map((one) => `stun:${one.replace(/^turns?:/, '').split('?')[0]}`))]
          : ['stun:stun.l.google.com:19302']),
      turnUrls: e.TURN_URLS ?? [],
      turnSecret: e.TURN_SECRET,
    },
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    notificationMailsRetentionDays: e.NOTIFICATION_MAILS_RETENTION_DAYS,
    paymentEventsRetentionYears: e.PAYMENT_EVENTS_RETENTION_YEARS,
    auditLogRetentionYears: e.AUDIT_LOG_RETENTION_YEARS,
    storage,
    filesKey:
      (e.FILES_KEY ? parseMasterKey(e.FILES_KEY) : null) ?? overrides.filesKey ?? localFilesKey(dataDir),
    filesKeysPrevious: (e.FILES_KEY_PREVIOUS?.split(',') ?? []).flatMap((one) => parseMasterKey(one) ?? []),
    shortCaches: e.NODE_ENV !== 'test',
    db: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    ...overrides,
  };
  if (!config.jwtSecret) config.jwtSecret = localJwtSecret(dataDir);
  if (!config.supportMail) config.supportMail = `soporte@${new URL(config.publicUrl).hostname}`;
  return config;
}

/** Development only: a random key for documents at rest kept in the data folder (FILES_KEY in production). */
function localFilesKey(dataDir: string): MasterKey {
  const file = path.join(dataDir, '.files-key');
  if (existsSync(file)) {
    const stored = parseMasterKey(readFileSync(file, 'utf8'));
    if (stored) return stored;
    throw new ConfigError(`Configuración no válida: ${file} no contiene una clave de 32 bytes.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return masterKey(key);
}

/** Development only: a random signing key kept in the data folder, so sessions survive a restart. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
