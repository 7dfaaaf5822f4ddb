import { CASE_STATUS, type CaseStatus } from '@l4l/shared/constants/cases';
import { MESSAGE_TYPE, type MessageType } from '@l4l/shared/constants/messages';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es';
import { forbidden, invalidTransition, notFound } from '../../lib/app-error.ts';

/**
 * The case state machine (docs/decisions/0006-cases-and-payments.md), as data: every action on a case, the
 * statuses it may start from, who takes it (a role, and for a person their tie to the case), the status
 * and progress step it leaves and the chat messages it writes. `authorize` reads this table before any
 * action changes anything, the routes' role guards are derived from it (`roleFor`), and the action code
 * takes the type of every message it writes from `writes`.
 */
export type CaseActor =
  /** any administrator */
  | 'admin'
  /** the case's client */
  | 'client'
  /** a lawyer who can see the case: published on the board (and not addressed to another), or tied to it */
  | 'lawyer'
  /** the lawyer assigned to the case */
  | 'case-lawyer'
  /** the payment provider confirming a payment (no person) */
  | 'provider'
  /**
   * the platform itself: a scheduled job, a dispute an administrator resolved (docs/money.md), or the
   * erasure of the client's account
   */
  | 'platform';

export type CaseAction = {
  from: readonly CaseStatus[];
  by: CaseActor;
  /** the status after the action; absent: unchanged */
  to?: CaseStatus;
  /** the progress step after the action; absent: unchanged */
  step?: number;
  /** the chat messages the action writes, by what they say */
  writes: Readonly<Record<string, MessageType>>;
};

const { PDTEAVALIDACION, PENDIENTE_ASIGNACION, ACTIVO, FINALIZADO, DESCARTADO } = CASE_STATUS;
const {
  PROPOSAL,
  CLOSURE_REQUEST,
  CLOSURE_CONFIRMED,
  NOTICE,
  RATING_PROMPT,
  PROPOSAL_ACCEPTED,
  CLIENT_NOTICE,
  COUNTER_OFFER,
} = MESSAGE_TYPE;

export const CASE_MACHINE = {
  /** a client opens a general case, or one addressed to a lawyer from their profile (told in their chat) */
  create: { from: [], by: 'client', to: PDTEAVALIDACION, step: 0, writes: { addressed: NOTICE } },
  /** the client corrects the title or the description while the case waits for validation */
  edit: { from: [PDTEAVALIDACION], by: 'client', writes: {} },
  /**
   * the client withdraws the case before it is validated: it ends as DESCARTADO with the reason that they
   * withdrew it, and the chat of an addressed case tells its lawyer
   */
  withdraw: { from: [PDTEAVALIDACION], by: 'client', to: DESCARTADO, writes: { withdrawn: NOTICE } },
  /** an administrator publishes it with one of the 15 categories (the client is told where a chat exists) */
  approve: {
    from: [PDTEAVALIDACION],
    by: 'admin',
    to: PENDIENTE_ASIGNACION,
    step: 1,
    writes: { toClient: CLIENT_NOTICE },
  },
  /** an administrator turns it down */
  discard: { from: [PDTEAVALIDACION], by: 'admin', to: DESCARTADO, writes: { toClient: CLIENT_NOTICE } },
  /** a lawyer offers a price (one open proposal per lawyer and case) */
  propose: { from: [PENDIENTE_ASIGNACION], by: 'lawyer', writes: { proposal: PROPOSAL } },
  /**
   * (+) a lawyer withdraws their own pending proposal (a proposal being paid is refused by the proposals
   * module); both read a notice in their chat
   */
  withdrawProposal: { from: [PENDIENTE_ASIGNACION], by: 'lawyer', writes: { withdrawn: NOTICE } },
  /**
   * (+) a lawyer replaces their own pending proposal with a new price: the old one is superseded, the new
   * one is the open one (still one per lawyer and case)
   */
  replaceProposal: {
    from: [PENDIENTE_ASIGNACION],
    by: 'lawyer',
    writes: { replaced: NOTICE, proposal: PROPOSAL },
  },
  /** (+) the client asks the lawyer of a pending proposal for a new price (a counter-offer) */
  counterOffer: { from: [PENDIENTE_ASIGNACION], by: 'client', writes: { counterOffer: COUNTER_OFFER } },
  /**
   * (+) the lawyer of a pending proposal declines the client's counter-offer and keeps their price: the
   * client may ask again, accept or pick another lawyer (docs/alerts.md, Live screens)
   */
  declineCounter: { from: [PENDIENTE_ASIGNACION], by: 'lawyer', writes: { declined: NOTICE } },
  /** the client accepts a proposal: a checkout opens, nothing changes until it is paid */
  accept: { from: [PENDIENTE_ASIGNACION], by: 'client', writes: {} },
  /** the client turns a proposal down */
  reject: {
    from: [PENDIENTE_ASIGNACION, ACTIVO, FINALIZADO, DESCARTADO],
    by: 'client',
    writes: { rejected: NOTICE },
  },
  /** the provider confirms the payment of an accepted proposal; the other proposals are told */
  activate: {
    from: [PENDIENTE_ASIGNACION],
    by: 'provider',
    to: ACTIVO,
    step: 2,
    writes: { paid: PROPOSAL_ACCEPTED, takenByOther: NOTICE },
  },
  /** the case's lawyer moves the timeline forward through steps 3–6 */
  progress: { from: [ACTIVO], by: 'case-lawyer', writes: { progressed: NOTICE } },
  /** the case's lawyer asks the client to close the case */
  requestClosure: { from: [ACTIVO], by: 'case-lawyer', writes: { request: CLOSURE_REQUEST } },
  /** the client confirms the closure and is asked for a rating */
  confirmClosure: {
    from: [ACTIVO],
    by: 'client',
    to: FINALIZADO,
    step: 7,
    writes: { confirmed: CLOSURE_CONFIRMED, ratingPrompt: RATING_PROMPT },
  },
  /**
   * the case finishes without the client's confirmation: 7 days after the lawyer asked with no answer,
   * or an administrator resolved its dispute (docs/money.md, Disputes and Auto-finish)
   */
  finishByPlatform: {
    from: [ACTIVO],
    by: 'platform',
    to: FINALIZADO,
    step: 7,
    writes: { finished: NOTICE, ratingPrompt: RATING_PROMPT },
  },
  /**
   * the client disputes the case instead of confirming its closure; the lawyer's money waits. No chat
   * message: both parties and the administrators are told by notification (docs/money.md, Disputes)
   */
  dispute: { from: [ACTIVO], by: 'client', writes: {} },
  /** the client withdraws the closure request */
  discardClosure: { from: [ACTIVO], by: 'client', writes: { discarded: NOTICE } },
  /** the client rates the lawyer, once */
  rate: { from: [FINALIZADO], by: 'client', writes: {} },
  /**
   * the client erased their account (docs/domain.md, Privacy rights): each of their cases still waiting
   * for validation or assignment ends as DESCARTADO with the erasure's reason and leaves the board. No
   * chat message: the pending proposals on it are rejected, as the erasure rejects them
   */
  discardOnErasure: {
    from: [PDTEAVALIDACION, PENDIENTE_ASIGNACION],
    by: 'platform',
    to: DESCARTADO,
    writes: {},
  },
} as const satisfies Record<string, CaseAction>;

export type CaseActionName = keyof typeof CASE_MACHINE;
export const CASE_ACTIONS = Object.keys(CASE_MACHINE) as CaseActionName[];

/** The role a person must have to take an action as that actor. */
const ROLE_OF_ACTOR: Record<Exclude<CaseActor, 'provider' | 'platform'>, Role> = {
  admin: ROLE.ADMIN,
  client: ROLE.USUARIO,
  lawyer: ROLE.ABOGADO,
  'case-lawyer': ROLE.ABOGADO,
};

/** The role that may take a person's action: what the route's role guard asks for. */
export function roleFor(action: CaseActionName): Role {
  const by: CaseActor = CASE_MACHINE[action].by;
  if (by === 'provider' || by === 'platform') {
    throw new Error(`${action} is taken by the ${by}, not by a person`);
  }
  return ROLE_OF_ACTOR[by];
}

/** Who acts: a signed-in person, the payment provider, or the platform itself. */
export type MachineActor = { id: string; role: Role } | 'provider' | 'platform';
export const PROVIDER = 'provider' as const;
export const PLATFORM = 'platform' as const;

/** What the machine needs to know of a case to decide: its status and the people tied to it. */
export type CaseTies = {
  status: CaseStatus;
  userId: string;
  lawyerId: string | null;
  addressedLawyerId: string | null;
  /** the acting lawyer has a proposal of theirs on the case */
  proposedByActor?: boolean;
};

/** A lawyer takes part in a case when it is theirs, addressed to them, or carries a proposal of theirs. */
export function lawyerTakesPart(row: CaseTies, lawyerId: string): boolean {
  return row.lawyerId === lawyerId || row.addressedLawyerId === lawyerId || row.proposedByActor === true;
}

/** A lawyer sees the board's cases (not addressed to another lawyer) and those they take part in. */
function lawyerSees(row: CaseTies, lawyerId: string): boolean {
  const onBoard =
    row.status === PENDIENTE_ASIGNACION && (!row.addressedLawyerId || row.addressedLawyerId === lawyerId);
  return onBoard || lawyerTakesPart(row, lawyerId);
}

function tiedTo(by: CaseActor, actor: MachineActor, row: CaseTies): boolean {
  if (actor === PROVIDER) return by === 'provider';
  if (actor === PLATFORM) return by === 'platform';
  switch (by) {
    case 'admin':
      return true;
    case 'client':
      return row.userId === actor.id;
    case 'case-lawyer':
      return row.lawyerId === actor.id;
    case 'lawyer':
      return lawyerSees(row, actor.id);
    default:
      return false;
  }
}

/**
 * (+) Who may see, add and download a case's documents (docs/decisions/0013-documents-storage-encryption.md):
 * the case's client always, its lawyer once the case is ACTIVO (and after it is finished); nobody else, not
 * a lawyer with a proposal still pending and not an administrator (professional secrecy).
 */
export function sharesDocuments(actor: { id: string; role: Role }, row: CaseTies | undefined): boolean {
  if (!row) return false;
  if (actor.role === ROLE.USUARIO) return row.userId === actor.id;
  if (actor.role === ROLE.ABOGADO) {
    return row.lawyerId === actor.id && (row.status === ACTIVO || row.status === FINALIZADO);
  }
  return false;
}

/**
 * The machine's verdict on an action: 'allowed'; 'forbidden' (the actor's role never takes it: 403);
 * 'hidden' (no such case, or one the actor is not tied to, whose existence is not revealed: 404);
 * 'invalid' (the case's status does not allow it: 409).
 */
export type Verdict = 'allowed' | 'forbidden' | 'hidden' | 'invalid';

export function decide(action: CaseActionName, actor: MachineActor, row: CaseTies | undefined): Verdict {
  const entry: CaseAction = CASE_MACHINE[action];
  const byPerson = entry.by !== 'provider' && entry.by !== 'platform';
  if (byPerson ? typeof actor === 'string' || actor.role !== roleFor(action) : actor !== entry.by) {
    return 'forbidden';
  }
  if (!row || !tiedTo(entry.by, actor, row)) return 'hidden';
  return entry.from.includes(row.status) ? 'allowed' : 'invalid';
}

/**
 * Throws unless the actor may take the action on the case now: 403 FORBIDDEN for a role that never takes
 * it, 404 (with `notFoundMessage`) for a case the actor may not see or act on, 409 INVALID_TRANSITION
 * naming the current status. Every action calls it, under the lock on the case row, before it changes
 * anything.
 */
export function authorize<R extends CaseTies>(
  action: CaseActionName,
  actor: MachineActor,
  row: R | undefined,
  notFoundMessage: string = es.cases.notFound,
): asserts row is R {
  switch (decide(action, actor, row)) {
    case 'allowed':
      return;
    case 'forbidden':
      throw forbidden();
    case 'hidden':
      throw notFound(notFoundMessage);
    case 'invalid':
      throw invalidTransition(es.cases.invalidTransition((row as CaseTies).status));
  }
}

/** The status and step an action leaves a case in (unchanged where the table says nothing). */
export function afterAction(
  action: CaseActionName,
  current: { status: CaseStatus; progressStep: number },
): { status: CaseStatus; progressStep: number } {
  const entry: CaseAction = CASE_MACHINE[action];
  return { status: entry.to ?? current.status, progressStep: entry.step ?? current.progressStep };
}
