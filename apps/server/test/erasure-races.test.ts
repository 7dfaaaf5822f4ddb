import { setTimeout as sleep } from 'node:timers/promises';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, proposals, users } from '../src/db/schema/index.ts';
import { DEFAULT_PASSWORD } from './factories.ts';
import { type Person, useMoneyApp } from './money.ts';

/**
 * The erasure against the acceptance of a proposal (docs/domain.md, Privacy rights), proven on PostgreSQL,
 * where the two transactions really run at once: exactly one of them happens. Either the account goes and
 * the proposal is not left accepted with a checkout open, or the proposal is accepted and the erasure is
 * refused (409) because a payment is in progress. The acceptance is sent a little later each round, so
 * the rounds fall on different moments of the erasure.
 */
describe.skipIf(!process.env.DATABASE_URL)('erasure races on PostgreSQL', () => {
  const { suite, h } = useMoneyApp();
  const app = () => suite.t.app;

  async function race(erasing: Person, client: Person, proposalId: string, delayMs: number) {
    const [erased, accepted] = await Promise.all([
      app().inject({
        method: 'DELETE',
        url: '/api/me',
        headers: erasing.headers,
        payload: { password: DEFAULT_PASSWORD },
      }),
      sleep(delayMs).then(() =>
        app().inject({
          method: 'POST',
          url: `/api/proposal/accept-proposal/${proposalId}`,
          headers: client.headers,
        }),
      ),
    ]);
    const [proposal] = await app().db.select().from(proposals).where(eq(proposals.id, proposalId));
    const [account] = await app().db.select().from(users).where(eq(users.id, erasing.id));
    const open = (await app().db.select().from(payments).where(eq(payments.proposalId, proposalId))).filter(
      (payment) => payment.status === 'PENDIENTE',
    );
    const seen = `erase ${erased.statusCode}, accept ${accepted.statusCode}: ${erased.body} ${accepted.body}`;
    expect(
      [erased.statusCode, accepted.statusCode].filter((code) => code === 200),
      seen,
    ).toHaveLength(1);
    expect(erased.statusCode, seen).not.toBeGreaterThanOrEqual(500);
    expect(accepted.statusCode, seen).not.toBeGreaterThanOrEqual(500);
    if (erased.statusCode === 200) {
      expect(account?.erasedAt, seen).not.toBeNull();
      expect(proposal?.status, seen).not.toBe('ACEPTADA');
      expect(open, seen).toHaveLength(0);
    } else {
      expect(erased.statusCode, seen).toBe(409);
      expect(erased.json().error.message).toBe(es.privacy.paymentInProgress);
      expect(account?.erasedAt, seen).toBeNull();
      expect(proposal?.status, seen).toBe('ACEPTADA');
    }
  }

  /** Eight rounds, each on a fresh case with one open proposal, the acceptance sent 15 ms later each time. */
  async function rounds(erasing: 'client' | 'lawyer') {
    for (let round = 0; round < 8; round += 1) {
      const client = await h.person('client');
      const lawyer = await h.person('lawyer');
      const caseId = await h.publishedCase(client, suite.admin);
      const proposalId = await h.propose(lawyer, caseId, 90);
      await race(erasing === 'client' ? client : lawyer, client, proposalId, round * 15);
    }
  }

  it('a client erasing their account while accepting a proposal on their case', () => rounds('client'));

  it('a lawyer erasing their account while the client accepts their proposal', () => rounds('lawyer'));
});
