import type { FastifyInstance } from 'fastify';

/** The options of a plugin with a scheduled sweep. */
export type SweepOptions = {
  /** the clock (tests move it); default the real one */
  now?: () => Date;
  /** how often the sweep runs; 0: never by itself (tests call the sweep themselves) */
  sweepIntervalMs?: number;
};

/**
 * Runs `work` every `everyMs` while the app lives (0: never; tests call the work themselves). A run still
 * going when the next is due is not doubled; closing the app stops the timer and waits for the last run.
 * With several processes, only the one holding the scheduler's lease runs it (plugins/leases.ts).
 */
export function runEvery(app: FastifyInstance, everyMs: number, what: string, work: () => Promise<unknown>) {
  if (everyMs <= 0) return;
  const leases = app.hasDecorator('leases') ? app.leases : undefined;
  leases?.follow('scheduler');
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running || (leases && !leases.holds('scheduler'))) return;
    running = work()
      .catch((error) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
