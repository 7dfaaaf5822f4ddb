/** A proposal's status, as text on the wire and in the database. */
export const PROPOSAL_STATUS = {
  PENDING: 'PENDIENTE',
  /** the client accepted it: held while its checkout is open */
  ACCEPTED: 'ACEPTADA',
  REJECTED: 'RECHAZADA',
  PAID: 'PAGADA',
  /** (+) its lawyer withdrew it before the client paid it */
  WITHDRAWN: 'RETIRADA',
  /** (+) its lawyer replaced it with a new price (a newer proposal of theirs on the case) */
  SUPERSEDED: 'SUSTITUIDA',
} as const;

export const PROPOSAL_STATUSES = [
  PROPOSAL_STATUS.PENDING,
  PROPOSAL_STATUS.ACCEPTED,
  PROPOSAL_STATUS.REJECTED,
  PROPOSAL_STATUS.PAID,
  PROPOSAL_STATUS.WITHDRAWN,
  PROPOSAL_STATUS.SUPERSEDED,
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * The open proposals: still in play for their case. A lawyer has at most one open proposal per case (the
 * database's unique partial index), and the board counts and prices the open ones.
 */
export const OPEN_PROPOSAL_STATUSES = [PROPOSAL_STATUS.PENDING, PROPOSAL_STATUS.ACCEPTED] as const;

export function isOpenProposal(status: ProposalStatus): boolean {
  return (OPEN_PROPOSAL_STATUSES as readonly string[]).includes(status);
}

/** (+) Proposals their lawyer took back (withdrew or replaced): no longer current, shown as such in the chat. */
export function isTakenBack(status: ProposalStatus | null | undefined): boolean {
  return status === PROPOSAL_STATUS.WITHDRAWN || status === PROPOSAL_STATUS.SUPERSEDED;
}
