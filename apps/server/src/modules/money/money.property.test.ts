import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { moneyHelpers, type Person } from '../../../test/money.ts';
import { payments, refunds, transfers } from '../../db/schema/index.ts';
import type { SandboxProvider } from '../payments/sandbox-provider.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const OPS = [
  'pay',
  'close',
  'confirm',
  'dispute',
  'release',
  'refundDispute',
  'refund',
  'replay',
  'enable',
] as const;

/**
 * Random interleavings (fast-check) of pay / confirm / dispute / resolve / refund / replays over several
 * cases, two operations at a time: the ledger stays balanced, no case is transferred twice, and no client
 * gets back more than they paid (docs/money.md).
 */
describe('money under random interleavings', () => {
  let t: TestApp;
  let admin: Person;
  const h = moneyHelpers(() => t);
  const sandbox = () => t.app.payments.provider as SandboxProvider;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 1000 }, {}, { money: { sweepIntervalMs: 0 } });
    admin = await h.person('admin');
  });
  afterAll(() => t.close());

  it('keeps the ledger balanced, pays each lawyer once and never refunds more than paid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom(...OPS),
            c: fc.nat(2),
            cents: fc.integer({ min: 1, max: 20_000 }),
          }),
          { minLength: 4, maxLength: 14 },
        ),
        async (steps) => {
          const client = await h.person('client');
          const lawyer = await h.person('lawyer');
          const runs = await Promise.all(
            [100, 150, 80].map((price) => h.accepted(client, lawyer, admin, price)),
          );
          const paymentOf = async (caseId: string) =>
            (await t.app.db.select().from(payments).where(eq(payments.caseId, caseId)))[0];
          const act = async (step: (typeof steps)[number]) => {
            const run = runs[step.c];
            if (!run) return;
            const { caseId } = run;
            switch (step.op) {
              case 'pay':
                return t.app.payments.payInSandbox(run.sessionId);
              case 'close':
                return h.requestClosure(lawyer, caseId);
              case 'confirm':
                return h.confirmClosure(client, lawyer, caseId);
              case 'dispute':
                return t.app.inject({
                  method: 'POST',
                  url: `/api/cases/${caseId}/dispute`,
                  headers: client.headers,
                  payload: { reason: 'No estoy conforme con el trabajo.' },
                });
              case 'release':
              case 'refundDispute': {
                const open = await h.get(admin, '/api/admin/disputes?status=open&pageSize=100');
                const dispute = open.data.find((row: { caseId: string }) => row.caseId === caseId);
                if (!dispute) return;
                return t.app.inject({
                  method: 'POST',
                  url: `/api/admin/disputes/${dispute.id}/resolve`,
                  headers: admin.headers,
                  payload:
                    step.op === 'release'
                      ? { outcome: 'release', note: 'Liberado.' }
                      : { outcome: 'refund', amount: step.cents / 100, note: 'Devuelto.' },
                });
              }
              case 'refund': {
                const payment = await paymentOf(caseId);
                if (!payment) return;
                return t.app.inject({
                  method: 'POST',
                  url: `/api/admin/payments/${payment.id}/refund`,
                  headers: admin.headers,
                  payload: { amount: step.cents / 100, reason: 'Prueba.' },
                });
              }
              case 'replay':
                await t.app.money.sendTransfer({ caseId: caseId, consultationId: null });
                return t.app.money.sweep();
              case 'enable':
                return h.enablePayouts(lawyer).catch(() => undefined);
            }
          };
          // two at a time: each pair races
          for (let i = 0; i < steps.length; i += 2) {
            await Promise.all(steps.slice(i, i + 2).map(act));
          }
          await t.app.money.sweep();

          const check = await t.app.money.ledgerCheck();
          expect(check.problems).toEqual([]);
          for (const { caseId } of runs) {
            expect(sandbox().transfers.filter((sent) => sent.group === caseId).length).toBeLessThanOrEqual(1);
            expect(
              (await t.app.db.select().from(transfers).where(eq(transfers.caseId, caseId))).length,
            ).toBeLessThanOrEqual(1);
            const payment = await paymentOf(caseId);
            if (!payment) continue;
            const [given] = await t.app.db
              .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
              .from(refunds)
              .where(eq(refunds.paymentId, payment.id));
            expect(Number(given?.cents)).toBe(payment.refundedCents);
            expect(payment.refundedCents).toBeLessThanOrEqual(payment.amountCents);
            const [transfer] = await t.app.db.select().from(transfers).where(eq(transfers.caseId, caseId));
            if (transfer)
              expect(transfer.amountCents - transfer.reversedCents).toBeLessThanOrEqual(
                payment.amountCents - payment.refundedCents,
              );
          }
        },
      ),
      { numRuns: 8, seed: 20_261_125 },
    );
  }, 600_000);
});
