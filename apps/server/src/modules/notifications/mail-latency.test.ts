import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { startSilentSmtp, startSmtp } from '../../../test/smtp.ts';
import { notificationMails } from '../../db/schema/index.ts';

/**
 * docs/notifications.md, The mail worker: a request only writes its mail to the outbox, so a mail server
 * that hangs (accepts the connection, never answers) does not slow the request whose event makes the
 * mail. Measured on the real app with its worker running: the p99 of 40 proposal creations (each mails
 * the client) with a mail server that answers, then with one that hangs. A request that waited on the
 * hanging server would wait its whole connection timeout, seconds: forty requests show it as well as a
 * hundred did, in less than half the time.
 */

const MEASURED = 40;
/** the first requests of an app (its first transaction, first route) are not counted */
const WARM_UP = 5;

type Timings = { p50: number; p99: number; max: number };

function summary(ms: number[]): Timings {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.ceil(q * sorted.length) - 1] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** Times MEASURED proposal creations on an app whose worker sends through `smtpUrl`. */
async function proposalTimings(smtpUrl: string, beforeMeasuring: (app: TestApp) => Promise<void>) {
  const t = await buildTestApp({ smtpUrl }, {}, { notifications: { autoSend: true } });
  try {
    const admin = await signIn(t.app, await createAdmin(t.app));
    const client = await signIn(t.app, await createUser(t.app));
    const lawyer = await signIn(t.app, await createLawyer(t.app));
    const caseIds: string[] = [];
    for (let i = 0; i < WARM_UP + MEASURED; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/cases/new-case',
        headers: bearer(client),
        payload: { title: `Reclamación ${i}`, description: 'Una reclamación de cantidad.' },
      });
      const id = created.json().data.id as string;
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/cases/${id}/approve`,
        headers: bearer(admin),
        payload: { category: 'Abogado Civil' },
      });
      expect(approved.statusCode).toBe(200);
      caseIds.push(id);
    }
    await beforeMeasuring(t);
    const timings: number[] = [];
    for (const [i, caseId] of caseIds.entries()) {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/proposal/create-proposal-to-case/${caseId}`,
        headers: bearer(lawyer),
        payload: { price: 120, message: 'Puedo llevar su reclamación.' },
      });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(200);
      if (i >= WARM_UP) timings.push(elapsed);
    }
    const pending = await t.app.db
      .select({ id: notificationMails.id })
      .from(notificationMails)
      .where(eq(notificationMails.status, 'pending'));
    return { timings: summary(timings), pending: pending.length };
  } finally {
    await t.close();
  }
}

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('a mail server that hangs', () => {
  it('leaves the p99 of the request that writes the mail as it is with one that answers', async () => {
    const smtp = await startSmtp();
    const normal = await proposalTimings(smtp.url, async (t) => {
      // the approvals' mails are sent first: the worker then sends the proposals' mails as they come
      await expect
        .poll(async () => (await t.app.notifications.outboxCounts()).pending, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe(0);
    }).finally(() => smtp.close());

    const silent = await startSilentSmtp();
    const hanging = await proposalTimings(silent.url, async () => {
      // the worker is held by the server that says nothing, a mail claimed and waiting for its greeting
      await expect.poll(() => silent.sockets.size, { timeout: 10_000 }).toBeGreaterThan(0);
    }).finally(() => silent.close());

    console.info(
      `proposal creation, ${MEASURED} requests (ms): answering mail server p50 ${normal.timings.p50.toFixed(1)} ` +
        `p99 ${normal.timings.p99.toFixed(1)} max ${normal.timings.max.toFixed(1)}; hanging mail server p50 ` +
        `${hanging.timings.p50.toFixed(1)} p99 ${hanging.timings.p99.toFixed(1)} max ${hanging.timings.max.toFixed(1)}`,
    );
    // every mail of the hanging run is still waiting in the outbox, none lost: one per approval and one per
    // proposal
    expect(hanging.pending).toBe(2 * (WARM_UP + MEASURED));
    // the median as it was; the p99, the slowest request or nearly, moves with whatever else the machine does, so
    // it gets a second of room: a request that waited on the hanging server would wait its whole timeout
    expect(hanging.timings.p50).toBeLessThan(2 * normal.timings.p50 + 50);
    expect(hanging.timings.p99).toBeLessThan(2 * normal.timings.p99 + 1_000);
  }, 240_000);
});
