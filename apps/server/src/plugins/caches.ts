import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Clearing the short caches (the directory's pages, the board's) on every process. A feature registers
 * what clearing one of its caches does here, and asks for it with `clear`: this process clears at once,
 * and with Redis every other process clears on hearing it (channel `<REDIS_PREFIX>:caches`), so a change
 * made through one process is not served stale by another. A process that lost its Redis subscription
 * for a while clears all its caches when it comes back (it may have missed a clearing).
 * docs/operations.md, Several processes.
 */
export type SharedCaches = {
  /** `clear(detail)` runs on this process whenever `name` is cleared anywhere; no detail means all of it */
  register(name: string, clear: (detail?: string) => void): void;
  /** clears `name` here at once and on every other process; `detail` narrows it (the handler's business) */
  clear(name: string, detail?: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    caches: SharedCaches;
  }
}

type Clearing = { origin: string; name: string; detail?: string };

export const CACHES_CHANNEL = 'caches';

async function caches(app: FastifyInstance) {
  const origin = randomUUID();
  const handlers = new Map<string, Array<(detail?: string) => void>>();
  const run = (name: string, detail?: string) => {
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(detail);
      } catch (err) {
        app.log.error({ err, cache: name }, 'cache clearing failed');
      }
    }
  };
  const clearAll = () => {
    for (const name of handlers.keys()) run(name);
  };

  await app.redis?.subscribe(
    CACHES_CHANNEL,
    (message) => {
      let clearing: Clearing;
      try {
        clearing = JSON.parse(message) as Clearing;
      } catch {
        app.log.warn('unreadable cache clearing on redis');
        return;
      }
      // this process cleared when it asked
      if (clearing.origin !== origin) run(clearing.name, clearing.detail);
    },
    clearAll,
  );

  app.decorate('caches', {
    register(name, clear) {
      handlers.set(name, [...(handlers.get(name) ?? []), clear]);
    },
    clear(name, detail) {
      run(name, detail);
      app.redis?.publish(CACHES_CHANNEL, JSON.stringify({ origin, name, detail } satisfies Clearing));
    },
  } satisfies SharedCaches);
}

export default fp(caches, { name: 'caches', dependencies: ['redis'] });
