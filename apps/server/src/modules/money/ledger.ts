import { randomUUID } from 'node:crypto';
import {
  LEDGER_ACCOUNTS,
  LEDGER_LEGS,
  type LedgerAccount,
  type LedgerLeg,
  type LedgerMovement,
} from '@l4l/shared/constants/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { type Holder, holderId, holderOf } from './money-context.ts';

/**
 * The double-entry ledger (docs/money.md, Ledger). A movement is a set of legs in integer cents, debit
 * positive and credit negative, that sum to zero; a movement that does not is a bug and is refused before
 * anything is written. Movements are only ever inserted.
 */
export type Leg = LedgerLeg;

export async function recordMovement(
  tx: Db,
  movement: Holder & { kind: LedgerMovement; reference: string; legs: Leg[] },
): Promise<void> {
  const legs = movement.legs.filter((leg) => leg.cents !== 0);
  if (legs.length === 0) return;
  const sum = legs.reduce((total, leg) => total + leg.cents, 0);
  if (sum !== 0 || legs.some((leg) => !Number.isInteger(leg.cents))) {
    throw new Error(`unbalanced ${movement.kind} movement ${movement.reference}: ${JSON.stringify(legs)}`);
  }
  const movementId = randomUUID();
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      movementId,
      kind: movement.kind,
      reference: movement.reference,
      caseId: movement.caseId,
      consultationId: movement.consultationId,
      account: leg.account,
      amountCents: leg.cents,
    })),
  );
}

/** A payment taken (its id the reference): held for the client. */
export const postCharge = (tx: Db, payment: Holder & { id: string; amountCents: number }) =>
  recordMovement(tx, {
    kind: 'charge',
    reference: payment.id,
    ...holderOf(payment),
    legs: LEDGER_LEGS.charge(payment.amountCents),
  });

/**
 * A case finished, or a paid first consultation ended (its id the reference): what is held split into the
 * fee and the lawyer's share.
 */
export const postRelease = (tx: Db, holder: Holder, heldCents: number, feeCents: number) =>
  recordMovement(tx, {
    kind: 'release',
    reference: holderId(holder),
    ...holderOf(holder),
    legs: LEDGER_LEGS.release(heldCents, feeCents),
  });

/** A transfer sent (its id the reference). */
export const postTransfer = (tx: Db, transfer: Holder & { id: string; amountCents: number }) =>
  recordMovement(tx, {
    kind: 'transfer',
    reference: transfer.id,
    ...holderOf(transfer),
    legs: LEDGER_LEGS.transfer(transfer.amountCents),
  });

/** Money taken back from a sent transfer: by a refund, or outside L4L (then held as unreconciled). */
export const postReversal = (
  tx: Db,
  reversal: Holder & { reference: string; cents: number; outside?: boolean },
) =>
  recordMovement(tx, {
    kind: 'reversal',
    reference: reversal.reference,
    ...holderOf(reversal),
    legs: LEDGER_LEGS.reversal(reversal.cents, reversal.outside),
  });

/** Money given back to the client (the provider's refund id the reference). */
export const postRefund = (
  tx: Db,
  refund: Holder & { reference: string; from: Parameters<typeof LEDGER_LEGS.refund>[0] },
) =>
  recordMovement(tx, {
    kind: 'refund',
    reference: refund.reference,
    ...holderOf(refund),
    legs: LEDGER_LEGS.refund(refund.from),
  });

/** Whether a movement of this kind and reference was written already (the callers hold its lock). */
export async function hasMovement(tx: Db, kind: LedgerMovement, reference: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.reference, reference)))
    .limit(1);
  return row !== undefined;
}

/** Each account's balance of one case or first consultation (debit positive). */
export async function caseBalances(tx: Db, holder: Holder): Promise<Record<LedgerAccount, number>> {
  const rows = await tx
    .select({
      account: ledgerEntries.account,
      cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .where(
      holder.caseId
        ? eq(ledgerEntries.caseId, holder.caseId)
        : eq(ledgerEntries.consultationId, holder.consultationId ?? ''),
    )
    .groupBy(ledgerEntries.account);
  const balances = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Record<
    LedgerAccount,
    number
  >;
  for (const row of rows) balances[row.account] = Number(row.cents);
  return balances;
}
