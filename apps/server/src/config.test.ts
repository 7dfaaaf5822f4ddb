import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };
const platform = {
  PLATFORM_NIF: 'B19874361',
  PLATFORM_NAME: 'L4L Plataforma Legal, S.L.',
  PLATFORM_ADDRESS: 'Calle de Serrano, 41, 28001 Madrid',
};

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
    ['SEED_DEMO', 'maybe', /SEED_DEMO debe ser true o false/],
    ['RATE_LIMIT_FACTOR', '-1', /RATE_LIMIT_FACTOR/],
    ['PLATFORM_FEE_PERCENT', '150', /PLATFORM_FEE_PERCENT/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['JWT_SECRET', 'short', /JWT_SECRET/],
    ['GOOGLE_JWKS_URL', 'ftp://keys', /GOOGLE_JWKS_URL debe ser una URL http:/],
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

  it('requires JWT_SECRET in production and turns the demo data off there', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrowError(/JWT_SECRET es obligatorio/);
    const config = loadConfig({ ...base, ...platform, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(config.seedDemo).toBe(false);
  });

  it("requires the platform's fiscal data in production, checks its NIF and uses demo values elsewhere", () => {
    const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
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
