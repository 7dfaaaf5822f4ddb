import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_POOL_IDLE_MS } from '../config/database.ts';
import { DEFAULT_DATABASE_TIMEOUTS, openPostgres } from './database.ts';

const url = process.env.DATABASE_URL;

/** The pool keeps its connections through a lull: opening them again costs the next requests. */
describe.skipIf(!url)('the PostgreSQL pool (needs DATABASE_URL)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an idle connection open for DEFAULT_POOL_IDLE_MS, not node-postgres’ 10 s, then lets it go', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const database = await openPostgres(url as string, { timeouts: DEFAULT_DATABASE_TIMEOUTS });
    try {
      await database.ping();
      const pool = database.pool;
      expect(pool?.totalCount).toBe(1);
      vi.advanceTimersByTime(60_000);
      expect(pool?.totalCount).toBe(1);
      expect(pool?.idleCount).toBe(1);
      vi.advanceTimersByTime(DEFAULT_POOL_IDLE_MS - 60_000);
      expect(pool?.totalCount).toBe(0);
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });

  it('keeps it for as long as DB_POOL_IDLE_MS says, and for ever with 0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const short = await openPostgres(url as string, {
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, poolIdleMs: 1_000 },
    });
    const never = await openPostgres(url as string, {
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, poolIdleMs: 0 },
    });
    try {
      await Promise.all([short.ping(), never.ping()]);
      vi.advanceTimersByTime(1_000);
      expect(short.pool?.totalCount).toBe(0);
      vi.advanceTimersByTime(86_400_000);
      expect(never.pool?.totalCount).toBe(1);
    } finally {
      vi.useRealTimers();
      await Promise.all([short.close(), never.close()]);
    }
  });
});
