import { z } from 'zod';
import { millis, type SectionInput, url } from './fields.ts';

/** The stores the processes share: PostgreSQL (or the embedded database without it) and Redis. */

export const databaseShape = {
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
  DB_CONNECT_TIMEOUT_MS: millis('DB_CONNECT_TIMEOUT_MS', 100, 600_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: millis('DB_STATEMENT_TIMEOUT_MS', 100, 3_600_000).default(10_000),
};

export type DatabaseConfig = {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** every Redis key of this deployment starts with `<redisPrefix>:`, so two deployments never meet */
  redisPrefix: string;
  db: {
    connectTimeoutMs: number;
    /** PostgreSQL's statement_timeout; the driver gives up waiting for an answer shortly after it */
    statementTimeoutMs: number;
  };
};

type DatabaseEnv = z.infer<z.ZodObject<typeof databaseShape>>;

export function databaseSettings({ e }: SectionInput<DatabaseEnv, unknown>): DatabaseConfig {
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    db: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
  };
}
