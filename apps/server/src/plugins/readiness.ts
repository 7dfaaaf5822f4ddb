import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What one readiness check found: it answered, it failed, or it did not answer in time. */
export type CheckState = 'ok' | 'error' | 'timeout';

/** A readiness check answers within this, whatever its dependency does (a balancer's probe times out too). */
export const READINESS_WAIT_MS = 1_500;

/**
 * What `/api/health/ready` asks (docs/operations.md, Probes): the database, Redis when configured,
 * and whatever else a feature registers (storage, the mail worker). A check resolves when its dependency
 * can serve, and rejects (or resolves 'error' / 'timeout') when not.
 */
export type Readiness = {
  register(name: string, check: () => Promise<unknown>): void;
  /** runs every check at once; each answers within READINESS_WAIT_MS */
  run(): Promise<Record<string, CheckState>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * One run of a check at a time: callers that arrive while one is in flight wait for it, each with its own
 * deadline, so a balancer probing a stalled dependency does not pile up calls to it.
 */
export function sharedProbe(
  check: () => Promise<unknown>,
  log: (err: unknown) => void,
  waitMs = READINESS_WAIT_MS,
): () => Promise<CheckState> {
  let running: Promise<CheckState> | undefined;
  return async () => {
    running ??= check()
      .then(
        (state): CheckState => (state === 'error' || state === 'timeout' ? state : 'ok'),
        (err: unknown): CheckState => {
          log(err);
          return 'error';
        },
      )
      .finally(() => {
        running = undefined;
      });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<CheckState>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), waitMs);
    });
    try {
      return await Promise.race([running, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}

async function readiness(app: FastifyInstance) {
  const probes = new Map<string, () => Promise<CheckState>>();
  app.decorate('readiness', {
    register(name, check) {
      if (probes.has(name)) throw new Error(`readiness check "${name}" registered twice`);
      probes.set(
        name,
        sharedProbe(check, (err) => app.log.error({ err, check: name }, 'readiness check failed')),
      );
    },
    async run() {
      const names = [...probes.keys()];
      const states = await Promise.all(names.map((name) => probes.get(name)!()));
      return Object.fromEntries(names.map((name, i) => [name, states[i]!]));
    },
  } satisfies Readiness);
}

export default fp(readiness, { name: 'readiness' });
