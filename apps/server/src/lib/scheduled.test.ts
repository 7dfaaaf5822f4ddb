import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { runEvery } from './scheduled.ts';

/** The interval behind the scheduled sweeps (money, retention). */
describe('runEvery', () => {
  it('runs the work on its interval, never two at once, and stops (waiting for the last run) on close', async () => {
    const app = Fastify({ logger: false });
    let runs = 0;
    let running = 0;
    let most = 0;
    let finished = 0;
    runEvery(app, 5, 'probe', async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await sleep(30);
      running -= 1;
      finished += 1;
    });
    await app.ready();
    // waits for the runs rather than for a fixed time, which a busy machine stretches
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 5 });
    await app.close();
    expect(most).toBe(1);
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(40);
    expect(runs).toBe(after);
  });

  it('logs a failed run and keeps going; 0 never runs', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    let failing = 0;
    let never = 0;
    runEvery(app, 5, 'failing sweep', async () => {
      failing += 1;
      throw new Error('sin base de datos');
    });
    runEvery(app, 0, 'idle sweep', async () => {
      never += 1;
    });
    await app.ready();
    await vi.waitFor(() => expect(failing).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 5 });
    await app.close();
    expect(never).toBe(0);
    expect(
      lines.some((line) => line.includes('failing sweep failed') && line.includes('sin base de datos')),
    ).toBe(true);
  });

  it('runs only while this process holds the scheduler lease, which it asks for', async () => {
    const app = Fastify({ logger: false });
    let held = false;
    const follow = vi.fn();
    app.decorate('leases', { holds: (name: string) => name === 'scheduler' && held, follow });
    let runs = 0;
    runEvery(app, 5, 'probe', async () => {
      runs += 1;
    });
    expect(follow).toHaveBeenCalledWith('scheduler');
    await app.ready();
    await sleep(60);
    expect(runs).toBe(0);
    held = true;
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 5 });
    held = false;
    await sleep(20);
    const after = runs;
    await sleep(60);
    expect(runs).toBe(after);
    await app.close();
  });
});
