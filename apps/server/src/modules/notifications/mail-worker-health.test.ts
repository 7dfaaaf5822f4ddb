import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/factories.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { withTransaction } from '../../lib/transaction.ts';
import { createMailWorker, MAIL_WORKER } from './mail-worker.ts';

/**
 * The mail worker in readiness and in /metrics (docs/notifications.md, Health and metrics), against a real
 * SMTP server that refuses, then accepts.
 */

const TOKEN = 'metrics-token-for-the-tests-0123';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url }, { METRICS_TOKEN: TOKEN });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** One series' value in Prometheus text, or undefined. */
async function metric(name: string): Promise<number | undefined> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = res.body.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

describe('the mail worker’s health', () => {
  it('readiness names mail while every mail fails, and clears once one is sent; /metrics counts both', async () => {
    const person = await createUser(t.app);
    await withTransaction(t.app.db, async (tx, afterCommit) => {
      for (const title of ['Uno', 'Dos', 'Tres']) {
        await t.app.notifications.notify(tx, afterCommit, {
          userId: person.id,
          type: 'case.approved',
          title,
          body: `Aviso ${title}`,
          link: '/dashboard/casos',
        });
      }
    });

    smtp.state.refusing = true;
    expect(await t.app.notifications.drainOutbox()).toEqual({ sent: 0, failed: 3 });
    expect(t.app.notifications.mailHealth().state).toBe('failing');
    expect(t.app.notifications.mailHealth().lastError).toMatch(/451/);
    const down = await t.app.inject({ url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.checks).toEqual({ db: 'ok', storage: 'ok', mail: 'error' });
    expect(await metric('l4l_mail_send_failures_total')).toBe(3);
    expect(await metric('l4l_mail_outbox_pending')).toBe(3);
    expect(await metric('l4l_mail_sent_total')).toBe(0);

    smtp.state.refusing = false;
    const retry = new Date(Date.now() + MAIL_WORKER.firstRetryMs + 1000);
    expect(await t.app.notifications.drainOutbox(retry)).toEqual({ sent: 3, failed: 0 });
    expect(t.app.notifications.mailHealth()).toEqual({ state: 'ok', lastError: null });
    const up = await t.app.inject({ url: '/api/health/ready' });
    expect(up.statusCode).toBe(200);
    expect(await metric('l4l_mail_sent_total')).toBe(3);
    expect(await metric('l4l_mail_outbox_pending')).toBe(0);
  });

  it('a started worker with no round ended for a lease is stuck; a stopped one is not', async () => {
    const worker = createMailWorker({
      db: t.app.db,
      send: async () => {},
      publicUrl: 'http://localhost',
      unsubscribeToken: () => 'token',
      accountMail: async () => null,
      log: t.app.log,
    });
    expect(worker.health(Date.now() + 2 * MAIL_WORKER.leaseMs).state).toBe('ok');
    worker.start();
    try {
      expect(worker.health().state).toBe('ok');
      expect(worker.health(Date.now() + MAIL_WORKER.leaseMs + 60_000).state).toBe('stuck');
    } finally {
      await worker.stop();
    }
    expect(worker.health(Date.now() + 2 * MAIL_WORKER.leaseMs).state).toBe('ok');
  });
});
