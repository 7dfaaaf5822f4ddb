import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { connectionOfItsOwn } from '../db/one-at-a-time.ts';

/**
 * Work that one process at a time does for all of them (the mail worker, the scheduled sweeps) goes to
 * the process that holds its lease (docs/operations.md, Several processes). On PostgreSQL a lease is an
 * advisory lock held by a connection of the process's own: a process that dies loses its connection and
 * with it the lock, and another takes it at its next try (every `retryMs`). The holder checks its
 * connection as often, gives the work up as soon as the connection is lost, and sits out two tries so that
 * a healthy process takes over. The work itself stays safe with two holders for a moment (mails and jobs
 * are claimed row by row): a lease saves the second process the work, it does not guard the data. On the embedded database the process is alone: it holds
 * every lease it asks for from the start.
 */
export type LeaseName = keyof typeof LEASE_KEYS;

export type LeaseHooks = {
  /** this process took the lease: start the work */
  start?: () => unknown;
  /** this process gave the lease up (its connection lost, or closing): stop the work */
  stop?: () => unknown;
};

export type Leases = {
  /** whether this process holds `name` now */
  holds(name: LeaseName): boolean;
  /** this process wants `name`; `start` runs each time it takes it, `stop` each time it gives it up */
  follow(name: LeaseName, hooks?: LeaseHooks): void;
};

export type LeasesOptions = {
  /** how often a process tries for the leases it lacks, and the holder checks its connection */
  retryMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    leases: Leases;
  }
}

export const LEASES = { retryMs: 5_000 } as const;

/** pg_try_advisory_lock(namespace, key): the two-number form, apart from the migrations' one-number lock */
const NAMESPACE = 4_141_415;
const LEASE_KEYS = { mail: 1, scheduler: 2 } as const;

async function leasesPlugin(app: FastifyInstance, options: LeasesOptions) {
  const retryMs = options.retryMs ?? LEASES.retryMs;
  const followers = new Map<LeaseName, LeaseHooks[]>();
  const held = new Set<LeaseName>();
  let ready = false;
  let closing = false;

  const runHook = async (name: LeaseName, hooks: LeaseHooks, hook: 'start' | 'stop') => {
    try {
      await hooks[hook]?.();
    } catch (err) {
      app.log.error({ err, lease: name }, `lease ${hook} failed`);
    }
  };
  const runHooks = async (name: LeaseName, hook: 'start' | 'stop') => {
    for (const hooks of followers.get(name) ?? []) await runHook(name, hooks, hook);
  };
  const take = async (name: LeaseName) => {
    held.add(name);
    app.log.info({ lease: name }, 'lease taken: this process does its work');
    await runHooks(name, 'start');
  };
  const giveUp = async (name: LeaseName) => {
    if (!held.delete(name)) return;
    await runHooks(name, 'stop');
  };

  // the embedded database: this process alone
  let tick: () => Promise<void> = async () => {
    for (const name of followers.keys()) if (!held.has(name)) await take(name);
  };
  let release = async () => {};

  const pool = app.database.pool;
  if (app.database.kind === 'postgres' && pool) {
    let client: pg.Client | null = null;
    // a process that lost its leases sits out two tries, so that a healthy one takes them over
    let restUntil = 0;
    const lost = async (err: unknown) => {
      const gone = client;
      client = null;
      gone?.end().catch(() => {});
      if (held.size > 0 && !closing) {
        app.log.warn({ err, leases: [...held] }, 'leases lost: their work stops here');
        restUntil = Date.now() + 2 * retryMs;
      }
      for (const name of [...held]) await giveUp(name);
    };
    const open = () =>
      connectionOfItsOwn(pool, 'l4l-leases', (err, opened) => {
        if (client === opened) void lost(err);
      });
    tick = async () => {
      if (Date.now() < restUntil) return;
      try {
        client ??= await open();
        // the holder's proof that its connection, and so its locks, are still there
        if (held.size > 0) await client.query('select 1');
        for (const name of followers.keys()) {
          if (held.has(name) || closing) continue;
          const { rows } = await client.query<{ taken: boolean }>(
            'select pg_try_advisory_lock($1, $2) as taken',
            [NAMESPACE, LEASE_KEYS[name]],
          );
          if (rows[0]?.taken) await take(name);
        }
      } catch (err) {
        await lost(err);
      }
    };
    // ending the connection frees its locks: another process takes them at its next try
    release = async () => {
      const gone = client;
      client = null;
      await gone?.end().catch(() => {});
    };
  }

  let running: Promise<void> | null = null;
  const tryNow = () => {
    if (!ready || closing || running) return running;
    running = tick().finally(() => {
      running = null;
    });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  /** tries at once, then every `retryMs`: from the start when anything follows a lease, else from the first follower */
  const keepTrying = async () => {
    if (!ready || closing || followers.size === 0) return;
    if (!timer) {
      timer = setInterval(() => void tryNow(), retryMs);
      timer.unref();
    }
    await tryNow();
  };

  app.decorate('leases', {
    holds: (name) => held.has(name),
    follow(name, hooks = {}) {
      followers.set(name, [...(followers.get(name) ?? []), hooks]);
      if (held.has(name)) void runHook(name, hooks, 'start');
      else void keepTrying();
    },
  } satisfies Leases);

  app.addHook('onReady', async () => {
    ready = true;
    await keepTrying();
  });
  // before the database closes: the work stops, then the locks are freed for the other processes
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
    for (const name of [...held]) await giveUp(name);
    await release();
  });
}

export default fp(leasesPlugin, { name: 'leases', dependencies: ['config'] });
