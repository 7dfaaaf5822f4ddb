import { CASE_STATUS, type CaseStatus } from '@l4l/shared/constants/cases';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es';
import { invalidTransition } from '../../lib/app-error.ts';

/**
 * The case state machine (docs/domain.md, Case machine), as data: every action on a case, the statuses it
 * may start from, who takes it (a role, and for a person their tie to the case), the status it leaves the
 * case in and the progress step it sets. The service reads this table before it changes anything; any
 * other move answers 409 INVALID_TRANSITION. The messages each action writes are listed beside it.
 */
export type CaseActor = 'admin' | 'client' | 'lawyer' | 'case-lawyer' | 'provider';

export type CaseAction = {
  from: readonly CaseStatus[];
  by: CaseActor;
  /** the status after the action; absent: unchanged */
  to?: CaseStatus;
  /** the progress step after the action; absent: unchanged */
  step?: number;
  /** the chat messages the action writes (docs/domain.md, Chat messages), for the reader */
  writes: readonly string[];
};

const { PDTEAVALIDACION, PENDIENTE_ASIGNACION, ACTIVO, FINALIZADO, DESCARTADO } = CASE_STATUS;

export const CASE_MACHINE = {
  /** a client opens a general case, or one addressed to a lawyer from their profile */
  create: { from: [], by: 'client', to: PDTEAVALIDACION, step: 0, writes: ['8 (addressed case only)'] },
  /** an administrator publishes it with one of the 15 categories */
  approve: { from: [PDTEAVALIDACION], by: 'admin', to: PENDIENTE_ASIGNACION, step: 1, writes: ['11'] },
  /** an administrator turns it down */
  discard: { from: [PDTEAVALIDACION], by: 'admin', to: DESCARTADO, writes: ['11'] },
  /** a lawyer offers a price (one pending proposal per lawyer and case) */
  propose: { from: [PENDIENTE_ASIGNACION], by: 'lawyer', writes: ['2'] },
  /** the client accepts a proposal: a checkout opens, nothing changes until it is paid */
  accept: { from: [PENDIENTE_ASIGNACION], by: 'client', writes: [] },
  /** the client turns a proposal down */
  reject: { from: [PENDIENTE_ASIGNACION, ACTIVO, FINALIZADO, DESCARTADO], by: 'client', writes: ['8'] },
  /** the provider confirms the payment of an accepted proposal */
  activate: {
    from: [PENDIENTE_ASIGNACION],
    by: 'provider',
    to: ACTIVO,
    step: 2,
    writes: ['10', '8 (others)'],
  },
  /** the case's lawyer moves the timeline forward through steps 3–6 */
  progress: { from: [ACTIVO], by: 'case-lawyer', writes: ['8'] },
  /** the case's lawyer asks the client to close the case */
  requestClosure: { from: [ACTIVO], by: 'case-lawyer', writes: ['5'] },
  /** the client confirms the closure */
  confirmClosure: { from: [ACTIVO], by: 'client', to: FINALIZADO, step: 7, writes: ['7', '9'] },
  /** the client withdraws the closure request */
  discardClosure: { from: [ACTIVO], by: 'client', writes: ['8'] },
  /** the client rates the lawyer, once */
  rate: { from: [FINALIZADO], by: 'client', writes: [] },
} as const satisfies Record<string, CaseAction>;

export type CaseActionName = keyof typeof CASE_MACHINE;

/** The role a person must have to take an action as that actor. */
export const ROLE_OF_ACTOR: Record<Exclude<CaseActor, 'provider'>, Role> = {
  admin: ROLE.ADMIN,
  client: ROLE.USUARIO,
  lawyer: ROLE.ABOGADO,
  'case-lawyer': ROLE.ABOGADO,
};

/** 409 INVALID_TRANSITION unless the action may start from the case's status. */
export function assertTransition(action: CaseActionName, status: CaseStatus): void {
  const from: readonly CaseStatus[] = CASE_MACHINE[action].from;
  if (!from.includes(status)) throw invalidTransition(es.cases.invalidTransition(status));
}

/** The status and step an action leaves a case in (unchanged where the table says nothing). */
export function afterAction(
  action: CaseActionName,
  current: { status: CaseStatus; progressStep: number },
): { status: CaseStatus; progressStep: number } {
  const entry: CaseAction = CASE_MACHINE[action];
  return { status: entry.to ?? current.status, progressStep: entry.step ?? current.progressStep };
}

export const PROPOSAL_STATUS = {
  PENDING: 'PENDIENTE',
  ACCEPTED: 'ACEPTADA',
  REJECTED: 'RECHAZADA',
  PAID: 'PAGADA',
} as const;
