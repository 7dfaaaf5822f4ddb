import type { Db } from '../db/database.ts';
import type { payments } from '../db/schema/index.ts';
import type { AfterCommit } from './transaction.ts';

/** A payment as stored (the payments feature's row), as the payment events carry it. */
export type PaymentRecord = typeof payments.$inferSelect;

type ProposalFacts = { proposalId: string; caseId: string; lawyerId: string; amountCents: number };

/**
 * Every fact one module reports and others react to (docs/decisions/0030-one-event-map.md): the event's
 * name and what it carries. An event is published by the module that owns the fact, inside the transaction
 * that made it true, once the fact is saved; its subscribers work in that same transaction.
 */
export interface EventMap {
  /**
   * A payment's money was taken and the payment is saved COMPLETADO. The proposals feature refuses it
   * (`EventRefused`) when the case no longer takes it; otherwise the case is activated, the money
   * charged, the invoices issued and both parties told.
   */
  'payment.completed': { payment: PaymentRecord };
  /** Money arrived for a checkout the case no longer wanted; the payment is saved CANCELADO: given back. */
  'payment.unwanted': { payment: PaymentRecord };
  /**
   * A checkout closed unpaid (saved CANCELADO): its proposal may be accepted again, or its first
   * consultation's slot is free again.
   */
  'checkout.released': { paymentId: string; proposalId: string | null; consultationId: string | null };
  /**
   * Money given back to the client through the one refund path (docs/money.md, Refunds), recorded on the
   * payment: `amountCents` of the payment's `ofCents`, `full` when nothing is left of it; `late`: a payment
   * that arrived for a checkout no longer wanted (never completed, never invoiced). `reason` is the client's.
   */
  'payment.refunded': {
    paymentId: string;
    /** what the payment was for: a case, or a first consultation */
    caseId: string | null;
    consultationId: string | null;
    amountCents: number;
    ofCents: number;
    full: boolean;
    at: Date;
    late: boolean;
    reason: string;
    /** the administrator who refunded it from Pagos; null for the platform's own refunds */
    adminId: string | null;
  };
  'proposal.received': ProposalFacts;
  'proposal.accepted': ProposalFacts;
  /** the client turned it down, with their reason if they gave one */
  'proposal.rejected': ProposalFacts & { reason: string | null };
  'proposal.withdrawn': ProposalFacts;
  /** `proposalId` (SUSTITUIDA) gave way to `nextId` at `amountCents`; the client's own counter-offer or not */
  'proposal.replaced': ProposalFacts & { nextId: string; counterAccepted: boolean };
  'proposal.countered': ProposalFacts;
  /** a case passed the review; `published`: a general case that went on the board */
  /** an account's name changed (what follows the name, such as a lawyer's search text, follows it) */
  'user.renamed': { userId: string; name: string; surname: string };
  'case.approved': { caseId: string };
  'case.published': { caseId: string };
  'case.discarded': { caseId: string; reason: string | null };
  'closure.requested': { caseId: string };
  /** a case became FINALIZADO; `byPlatform`: without the client's confirmation (they are told too) */
  'case.finished': { caseId: string; userId: string; lawyerId: string; byPlatform: boolean };
  'payout.sent': { caseId: string; amountCents: number };
  /**
   * Money taken back from a transfer sent to the lawyer: by a refund to the client (`byRefund`), or at
   * the provider outside L4L; the administrators are told.
   */
  'payout.reversed': { caseId: string; amountCents: number; admins: string[]; byRefund?: { reason: string } };
  'dispute.opened': { caseId: string; amountCents: number; admins: string[] };
  'dispute.resolved': { caseId: string; amountCents: number; reason: string };
  'rating.received': { caseId: string; stars: number };
  'rating.replied': { caseId: string };
}

export type EventName = keyof EventMap;

/** One subscriber: works in the publisher's transaction; throwing rolls the whole transaction back. */
export type Subscriber<K extends EventName> = (
  tx: Db,
  afterCommit: AfterCommit,
  payload: EventMap[K],
) => Promise<void>;

/** What a module subscribes to: at most one subscriber per event and module. */
export type Subscribers = { [K in EventName]?: Subscriber<K> };

/** Publishes an event in the caller's transaction: every subscriber runs, in order, before it returns. */
export type Emit = <K extends EventName>(
  tx: Db,
  afterCommit: AfterCommit,
  name: K,
  payload: EventMap[K],
) => Promise<void>;

/**
 * Thrown by a subscriber that refuses an event published with `emitRefusable` (a payment for a case that
 * was taken meanwhile): what every subscriber wrote for the event is undone, the publisher goes on.
 */
export class EventRefused extends Error {
  constructor(readonly reason: string) {
    super(`event refused: ${reason}`);
  }
}

export type Events = {
  emit: Emit;
  /**
   * `emit` in a savepoint: when a subscriber throws `EventRefused`, the subscribers' writes and after-commit
   * steps are dropped and the answer is the refusal; the publisher's own writes before it stay.
   */
  emitRefusable: <K extends EventName>(
    tx: Db,
    afterCommit: AfterCommit,
    name: K,
    payload: EventMap[K],
  ) => Promise<EventRefused | undefined>;
  /** Adds a module's subscribers after those already there (the order app.ts composes them in). */
  subscribe: (module: string, subscribers: Subscribers) => void;
  /** The modules subscribed to `name`, in the order they run (tests, docs). */
  subscribersOf: (name: EventName) => string[];
};

/** The one event map's bus (docs/decisions/0030-one-event-map.md): synchronous, in the transaction. */
export function createEvents(): Events {
  const table = new Map<EventName, Array<{ module: string; run: Subscriber<EventName> }>>();

  const emit: Emit = async (tx, afterCommit, name, payload) => {
    for (const { run } of table.get(name) ?? []) await run(tx, afterCommit, payload as never);
  };

  return {
    emit,
    async emitRefusable(tx, afterCommit, name, payload) {
      const steps: Array<() => Promise<void> | void> = [];
      try {
        await tx.transaction((inner) => emit(inner as Db, (step) => void steps.push(step), name, payload));
      } catch (error) {
        if (error instanceof EventRefused) return error;
        throw error;
      }
      for (const step of steps) afterCommit(step);
      return undefined;
    },
    subscribe(module, subscribers) {
      for (const [name, run] of Object.entries(subscribers) as Array<[EventName, Subscriber<EventName>]>) {
        const list = table.get(name) ?? [];
        if (list.some((entry) => entry.module === module)) {
          throw new Error(`${module} subscribes to ${name} twice`);
        }
        table.set(name, [...list, { module, run }]);
      }
    },
    subscribersOf: (name) => (table.get(name) ?? []).map((entry) => entry.module),
  };
}
