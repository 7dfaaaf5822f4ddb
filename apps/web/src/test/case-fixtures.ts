import type { BaseUser } from '@l4l/shared/schemas/auth';
import type { BoardCase, Case } from '@l4l/shared/schemas/cases';
import { CLIENT } from './render.tsx';

export const LAWYER: BaseUser = {
  id: '2c9a7e61-5d3b-4f1e-8a6c-9b0d1e2f3a4b',
  username: 'LucíaGarcíaLópez',
  role: 'ABOGADO',
  mail: 'lucia@example.com',
  name: 'Lucía',
  surname: 'García López',
  phoneNumber: '699111222',
  photoUrl: null,
  emailVerified: true,
};

export const CASE_ID = '9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
export const CHAT_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

/** A case as the server answers it (shared caseSchema), ACTIVO with Lucía unless told otherwise. */
export function makeCase(changes: Partial<Case> = {}): Case {
  return {
    id: CASE_ID,
    code: '9f1e2d3c',
    status: 'ACTIVO',
    progressStep: 2,
    title: 'Herencia de mi padre',
    description: 'Mi padre falleció sin testamento y somos tres hermanos.',
    category: 'Abogado Sucesiones y testamentos',
    creationDate: '2026-03-07T10:00:00.000Z',
    startDate: null,
    endDate: null,
    finishDate: null,
    assignationDate: '2026-03-09T10:00:00.000Z',
    casePrice: 450.5,
    userId: CLIENT.id,
    userFullName: 'Ana Martín Ruiz',
    clientMail: null,
    clientPhone: null,
    lawyerId: LAWYER.id,
    lawyerAssigned: 'Lucía García López',
    addressedLawyerId: null,
    addressedLawyerName: null,
    ratingId: null,
    closureRequested: false,
    disputeOpen: false,
    discardReason: null,
    chatId: CHAT_ID,
    chatWith: LAWYER.id,
    myProposal: null,
    ...changes,
  };
}

/** A case as the lawyers' board shows it. */
export function makeBoardCase(changes: Partial<BoardCase> = {}): BoardCase {
  return {
    id: CASE_ID,
    code: '9f1e2d3c',
    status: 'PENDIENTE DE ASIGNACIÓN',
    title: 'Despido sin preaviso',
    description: 'Me han despedido sin carta ni preaviso tras ocho años en la empresa.',
    category: 'Abogado Laboral',
    creationDate: '2026-03-07T10:00:00.000Z',
    proposalsCount: 2,
    lowestProposal: 300,
    myProposal: null,
    ...changes,
  };
}

/** A page of a list as the server answers it: `{data, meta}`. */
export function pageOf<T>(items: T[], page = 1, total = items.length, pageSize = 12) {
  return new Response(JSON.stringify({ data: items, meta: { total, page, pageSize } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}
