import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, type SectionInput, url } from './fields.ts';

/** Who signs in: the sessions' signing key, the first administrator, Google, the demo accounts. */

export const accountsShape = {
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
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_JWKS_URL: url('GOOGLE_JWKS_URL', ['http:', 'https:']).default(
    'https://www.googleapis.com/oauth2/v3/certs',
  ),
};

export type AccountsConfig = {
  seedDemo: boolean;
  admin: { email: string; password: string; totpSecret: string | undefined } | undefined;
  jwtSecret: string;
  googleClientId: string | undefined;
  /** where Google publishes the keys that sign its ID tokens; tests point it at a local server */
  googleJwksUrl: string;
};

type AccountsEnv = z.infer<z.ZodObject<typeof accountsShape>>;

export function accountsSettings({
  e,
  production,
  overrides,
}: SectionInput<AccountsEnv, Partial<AccountsConfig>>): AccountsConfig {
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Configuración no válida: ADMIN_EMAIL y ADMIN_PASSWORD van juntos; falta uno de los dos.',
    );
  }
  if (production && !e.JWT_SECRET && !overrides.jwtSecret) {
    throw new ConfigError('Configuración no válida: JWT_SECRET es obligatorio con NODE_ENV=production.');
  }
  if (production && e.SEED_DEMO === true) {
    // the demo administrator's password and second-factor secret are published in the README
    throw new ConfigError(
      'Configuración no válida: SEED_DEMO=true no se admite con NODE_ENV=production (las cuentas de demostración tienen claves públicas).',
    );
  }
  return {
    seedDemo: e.SEED_DEMO ?? !production,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, totpSecret: e.ADMIN_TOTP_SECRET }
        : undefined,
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? '',
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
  };
}

/** Development only: a random signing key kept in the data folder, so sessions survive a restart. */
export function localJwtSecret(dataDir: string): string {
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
