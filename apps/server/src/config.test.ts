import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_FILES_KEY, TEST_PLATFORM } from '../test/app.ts';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };
const platform = TEST_PLATFORM;

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.rateLimitFactor).toBe(1);
    expect(config.platformFeePercent).toBe(10);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
    expect(config.googleJwksUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(config.redisPrefix).toBe('l4l');
  });

  it('keeps a random development signing key in the data folder', () => {
    const first = loadConfig(base).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, '.jwt-secret'), 'utf8')).toBe(first);
  });

  it.each([
    ['PORT', 'abc', /PORT debe ser un número de puerto/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL debe ser una URL postgres:/],
    ['REDIS_URL', 'not a url', /REDIS_URL/],
    ['REDIS_PREFIX', 'l4l prod', /REDIS_PREFIX debe tener de 1 a 64 letras/],
    ['REDIS_PREFIX', 'l4l:*', /REDIS_PREFIX/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO debe ser true o false/],
    ['RATE_LIMIT_FACTOR', '-1', /RATE_LIMIT_FACTOR/],
    ['PLATFORM_FEE_PERCENT', '150', /PLATFORM_FEE_PERCENT/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['JWT_SECRET', 'short', /JWT_SECRET/],
    ['GOOGLE_JWKS_URL', 'ftp://keys', /GOOGLE_JWKS_URL debe ser una URL http:/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY debe ser un número de saltos o una lista/],
    ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY/],
    ['TRUST_PROXY', 'loopback,proxy.example', /TRUST_PROXY/],
    ['ALLOW_SANDBOX_PAYMENTS', 'quizá', /ALLOW_SANDBOX_PAYMENTS debe ser true o false/],
    ['API_DOCS', 'sí', /API_DOCS debe ser true o false/],
    ['SUPPORT_MAIL', 'soporte-en-l4l', /SUPPORT_MAIL debe ser una dirección de correo válida/],
    ['METRICS_TOKEN', 'corto', /METRICS_TOKEN debe tener al menos 16 caracteres/],
    ['OUTBOX_RETENTION_DAYS', '0', /OUTBOX_RETENTION_DAYS debe ser un número entero de días entre 1 y 3650/],
    ['OUTBOX_RETENTION_DAYS', 'treinta', /OUTBOX_RETENTION_DAYS/],
    ['OUTBOX_RETENTION_DAYS', '2.5', /OUTBOX_RETENTION_DAYS/],
    [
      'NOTIFICATION_MAILS_RETENTION_DAYS',
      '0',
      /NOTIFICATION_MAILS_RETENTION_DAYS debe ser un número entero de días/,
    ],
    [
      'PAYMENT_EVENTS_RETENTION_YEARS',
      '5',
      /PAYMENT_EVENTS_RETENTION_YEARS debe ser un número entero de años entre 6 y 30: la ley obliga a conservar estos registros al menos 6 años \(Código de Comercio, art\. 30\)/,
    ],
    ['PAYMENT_EVENTS_RETENTION_YEARS', 'seis', /PAYMENT_EVENTS_RETENTION_YEARS/],
    [
      'AUDIT_LOG_RETENTION_YEARS',
      '31',
      /AUDIT_LOG_RETENTION_YEARS debe ser un número entero de años entre 6 y 30/,
    ],
    ['AUDIT_LOG_RETENTION_YEARS', '6.5', /AUDIT_LOG_RETENTION_YEARS/],
    ['METRICS_TOKEN', 'con espacios dentro del token', /METRICS_TOKEN/],
    ['HTTP_REQUEST_TIMEOUT_MS', 'abc', /HTTP_REQUEST_TIMEOUT_MS debe ser un número de milisegundos/],
    ['HTTP_HEADERS_TIMEOUT_MS', '0', /HTTP_HEADERS_TIMEOUT_MS/],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '-5', /HTTP_KEEP_ALIVE_TIMEOUT_MS/],
    ['MAX_CONNECTIONS_PER_IP', '0', /MAX_CONNECTIONS_PER_IP debe ser un número entero mayor que 0/],
    [
      'HTTP_LISTEN_BACKLOG',
      '0',
      /HTTP_LISTEN_BACKLOG debe ser un número entero de conexiones entre 1 y 65535/,
    ],
    ['HTTP_LISTEN_BACKLOG', 'mucho', /HTTP_LISTEN_BACKLOG/],
    ['DB_CONNECT_TIMEOUT_MS', '1.5', /DB_CONNECT_TIMEOUT_MS/],
    ['DB_STATEMENT_TIMEOUT_MS', 'nunca', /DB_STATEMENT_TIMEOUT_MS/],
    ['DB_POOL_SIZE', '0', /DB_POOL_SIZE debe ser un número entero de conexiones entre 1 y 200/],
    ['DB_POOL_SIZE', 'muchas', /DB_POOL_SIZE/],
    ['DB_POOL_IDLE_MS', 'siempre', /DB_POOL_IDLE_MS debe ser un número de milisegundos entre 0 y 86400000/],
    ['DB_POOL_IDLE_MS', '-1', /DB_POOL_IDLE_MS/],
    ['DB_UPKEEP', 'a veces', /DB_UPKEEP debe ser true o false/],
  ])('refuses %s=%s with a one-line message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrowError(ConfigError);
    try {
      loadConfig({ ...base, [name]: value });
    } catch (err) {
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).toContain(`recibido: "${value}"`);
      expect((err as Error).message).not.toContain('\n');
    }
  });

  const production = {
    ...base,
    ...platform,
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    STRIPE_SECRET_KEY: 'sk_live_x',
    FILES_KEY: TEST_FILES_KEY,
  };

  it('requires FILES_KEY in production, keeps a random one in the data folder elsewhere, and reads STORAGE_URL', () => {
    const { FILES_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrowError(/FILES_KEY es obligatorio con NODE_ENV=production/);
    expect(() => loadConfig({ ...production, FILES_KEY: 'corta' })).toThrowError(
      /FILES_KEY debe ser una clave de 32 bytes/,
    );
    const first = loadConfig({ ...base, DATA_DIR: dataDir }).filesKey;
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).filesKey.id).toBe(first.id);
    expect(loadConfig(production).filesKey.key).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig(base).storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        ...base,
        STORAGE_URL: 's3://l4l-docs/prod?endpoint=http://127.0.0.1:9000&region=eu-west-1',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'l4l-docs',
      prefix: 'prod/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...base, STORAGE_URL: 'ftp://cubo' })).toThrowError(
      /STORAGE_URL debe empezar por s3:\/\//,
    );
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://cubo' })).toThrowError(/region=/);
  });

  it('requires JWT_SECRET in production and turns the demo data off there', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrowError(/JWT_SECRET es obligatorio/);
    const config = loadConfig(production);
    expect(config.seedDemo).toBe(false);
  });

  it('serves the API reference outside production, and in production only with API_DOCS=true', () => {
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'abcdefghijklmnop' }).metricsToken).toBe('abcdefghijklmnop');
  });

  it('answers mails that invite a reply from SUPPORT_MAIL, by default soporte@ the host of PUBLIC_URL', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://www.l4l.es' }).supportMail).toBe('soporte@www.l4l.es');
    expect(loadConfig({ ...base, SUPPORT_MAIL: 'ayuda@l4l.es' }).supportMail).toBe('ayuda@l4l.es');
  });

  it('refuses the demo data in production: its administrator’s second factor is public', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrowError(
      /^Configuración no válida: SEED_DEMO=true no se admite con NODE_ENV=production/,
    );
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses the sandbox checkout in production unless a staging site asks for it', () => {
    const { STRIPE_SECRET_KEY: _key, ...withoutStripe } = production;
    expect(() => loadConfig(withoutStripe)).toThrowError(
      /^Configuración no válida: con NODE_ENV=production hace falta STRIPE_SECRET_KEY.*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(() => loadConfig(withoutStripe)).not.toThrowError(/\n/);
    const staging = loadConfig({ ...withoutStripe, ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(staging.stripe).toBeUndefined();
    expect(staging.allowSandboxPayments).toBe(true);
    expect(loadConfig(production).stripe?.secretKey).toBe('sk_live_x');
    // outside production the sandbox is the default, nothing to allow
    expect(loadConfig(base).allowSandboxPayments).toBe(true);
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('has HTTP and database timeouts that a slow client or a stalled database cannot outwait', () => {
    const config = loadConfig(base);
    expect(config.http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 10_000,
      maxConnectionsPerIp: 100,
      listenBacklog: 4096,
    });
    expect(config.db).toEqual({ connectTimeoutMs: 5_000, statementTimeoutMs: 10_000, poolIdleMs: 300_000 });
    expect(loadConfig({ ...base, DB_POOL_IDLE_MS: '0' }).db.poolIdleMs).toBe(0);
    expect(() =>
      loadConfig({ ...base, HTTP_HEADERS_TIMEOUT_MS: '9000', HTTP_REQUEST_TIMEOUT_MS: '5000' }),
    ).toThrowError(/HTTP_HEADERS_TIMEOUT_MS no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS/);
  });

  it("requires the platform's fiscal data in production, checks its NIF and uses demo values elsewhere", () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_x',
      FILES_KEY: TEST_FILES_KEY,
    };
    expect(() => loadConfig(production)).toThrowError(
      /PLATFORM_NIF, PLATFORM_NAME, PLATFORM_ADDRESS son obligatorios con NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, ...platform, PLATFORM_NIF: 'B19874362' })).toThrowError(
      'Configuración no válida: PLATFORM_NIF debe ser un NIF o CIF válido (recibido: "B19874362").',
    );
    expect(loadConfig({ ...production, ...platform, PLATFORM_NIF: 'b-19874361' }).platform.nif).toBe(
      'B19874361',
    );
    const local = loadConfig(base);
    expect(local.platform).toEqual({
      nif: 'B19874361',
      name: 'L4L Plataforma Legal, S.L.',
      address: 'Calle de Serrano, 41, 4.ª planta, 28001 Madrid',
    });
    expect(local.aeatQrBase).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
    expect(() => loadConfig({ ...base, AEAT_QR_BASE: 'http://example.org/qr' })).toThrowError(/AEAT_QR_BASE/);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'a@b.es' })).toThrowError(/ADMIN_EMAIL y ADMIN_PASSWORD/);
    expect(
      loadConfig({ ...base, ADMIN_EMAIL: 'Admin@L4L.es', ADMIN_PASSWORD: 'Secreto123' }).admin?.email,
    ).toBe('admin@l4l.es');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });
});
