import { z } from 'zod';
import { bool, millis, type SectionInput, url, wholeNumber } from './fields.ts';

/** The stores the processes share: PostgreSQL (or the embedded database without it) and Redis. */

/** PostgreSQL connections a process keeps at most unless DB_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * How long an idle PostgreSQL connection stays open unless DB_POOL_IDLE_MS says otherwise: a lull of a few
 * minutes must not cost the next requests new connections and their statements prepared again.
 */
export const DEFAULT_POOL_IDLE_MS = 300_000;

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
  DB_POOL_IDLE_MS: millis('DB_POOL_IDLE_MS', 0, 86_400_000).default(DEFAULT_POOL_IDLE_MS),
  DB_POOL_SIZE: wholeNumber(
    'DB_POOL_SIZE debe ser un número entero de conexiones entre 1 y 200',
    1,
    200,
  ).default(DEFAULT_POOL_SIZE),
  DB_UPKEEP: bool('DB_UPKEEP').default(true),
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
    /** an idle pooled connection is closed after this long (0: never) */
    poolIdleMs: number;
  };
  /** PostgreSQL connections this process keeps at most (docs/operations.md, "Sizing the pool") */
  dbPoolSize: number;
  /**
   * the app vacuums and analyzes its tables where nothing else does: the embedded database, a PostgreSQL
   * whose autovacuum is off (db/upkeep.ts)
   */
  dbUpkeep: boolean;
};

type DatabaseEnv = z.infer<z.ZodObject<typeof databaseShape>>;

export function databaseSettings({ e }: SectionInput<DatabaseEnv, unknown>): DatabaseConfig {
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    db: {
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      poolIdleMs: e.DB_POOL_IDLE_MS,
    },
    dbPoolSize: e.DB_POOL_SIZE,
    dbUpkeep: e.DB_UPKEEP,
  };
}
