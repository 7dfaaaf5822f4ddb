import { caseCode } from '@l4l/shared/constants/cases';
import { ROLE } from '@l4l/shared/constants/roles';
import type { BoardCase, Case, Proposal } from '@l4l/shared/schemas/cases';
import { centsToEuros } from '@l4l/shared/schemas/common';
import type { AuthUser } from '../../plugins/auth.ts';
import type { BoardRow } from './board.repository.ts';
import type { CaseRow, Viewer } from './cases.repository.ts';

/** How cases read on the wire: rows of the repositories turned into the shared schemas' shapes. */

export const fullName = (name: string | null, surname: string | null) =>
  `${name ?? ''} ${surname ?? ''}`.trim();
const iso = (date: Date | null) => date?.toISOString() ?? null;

export type StoredProposal = { id: string; priceCents: number; status: Proposal['status'] } | null;
export const toMyProposal = (stored: StoredProposal) =>
  stored ? { id: stored.id, price: centsToEuros(stored.priceCents), status: stored.status } : null;

export function toCase(row: CaseRow): Case {
  return {
    id: row.id,
    code: caseCode(row.id),
    status: row.status,
    progressStep: row.progressStep,
    title: row.title,
    description: row.description,
    category: row.category,
    creationDate: row.creationDate.toISOString(),
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    finishDate: iso(row.finishDate),
    assignationDate: iso(row.assignationDate),
    casePrice: row.casePriceCents === null ? null : centsToEuros(row.casePriceCents),
    userId: row.userId,
    userFullName: fullName(row.clientName, row.clientSurname),
    clientMail: row.clientMail,
    clientPhone: row.clientPhone || null,
    lawyerId: row.lawyerId,
    lawyerAssigned: row.lawyerId ? fullName(row.lawyerName, row.lawyerSurname) : null,
    addressedLawyerId: row.addressedLawyerId,
    addressedLawyerName: row.addressedLawyerId ? fullName(row.addressedName, row.addressedSurname) : null,
    ratingId: row.ratingId,
    closureRequested: row.closureRequestedAt !== null,
    disputeOpen: row.disputeOpen,
    discardReason: row.discardReason,
    chatId: row.chatId,
    chatWith: row.chatWith,
    myProposal: toMyProposal(row.myProposal as StoredProposal),
  };
}

export function toBoardCase(row: BoardRow & { myProposal: StoredProposal }): BoardCase {
  return {
    id: row.id,
    code: caseCode(row.id),
    status: row.status,
    title: row.title,
    description: row.description,
    category: row.category,
    creationDate: row.creationDate.toISOString(),
    proposalsCount: row.proposalsCount,
    lowestProposal: row.lowestProposalCents === null ? null : centsToEuros(row.lowestProposalCents),
    myProposal: toMyProposal(row.myProposal),
  };
}

/** Which columns a person reads a case with. */
export const viewerOf = (actor: Pick<AuthUser, 'id' | 'role'>): Viewer => ({
  id: actor.id,
  side: actor.role === ROLE.ADMIN ? 'admin' : actor.role === ROLE.ABOGADO ? 'lawyer' : 'client',
});
