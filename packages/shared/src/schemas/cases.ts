import { z } from 'zod';
import { CASE_STATUSES, LAWYER_STEP_MAX, LAWYER_STEP_MIN } from '../constants/cases.ts';
import { CATEGORIES } from '../constants/categories.ts';
import { LIMITS } from '../constants/limits.ts';
import { PROPOSAL_STATUSES } from '../constants/proposals.ts';
import { BOARD_SORT_VALUES } from '../constants/sort.ts';
import { es } from '../texts/es/app.ts';
import { blankToUndefined, pageQuerySchema, priceSchema } from './common.ts';

/**
 * Cases, proposals and ratings (docs/api/http.md, Cases, Proposals and Ratings).
 * Browser-safe: the server validates and answers with these, the web forms and fetchers use them.
 */

/** docs/domain.md, Validation rules: title and description required (non-blank after trim), description at most 500. */
export const caseTitleSchema = z
  .string({ error: es.cases.titleRequired })
  .trim()
  .min(1, { error: es.cases.titleRequired })
  .max(LIMITS.titleMax, { error: es.cases.titleTooLong(LIMITS.titleMax) });

export const caseDescriptionSchema = z
  .string({ error: es.cases.descriptionRequired })
  .trim()
  .min(1, { error: es.cases.descriptionRequired })
  .max(LIMITS.descriptionMax, { error: es.validation.descriptionTooLong });

/**
 * POST /api/cases/new-case. The first web client's payload (userId, lawyerId '', status, category, ratingId '') is
 * accepted: `userId`, when given, must be the caller's; status and category are always the server's.
 */
export const newCaseSchema = z.object({
  title: caseTitleSchema,
  description: caseDescriptionSchema,
  userId: z.preprocess(blankToUndefined, z.string().optional()),
});
export type NewCaseInput = z.input<typeof newCaseSchema>;

/** PUT /api/cases/{caseId} (+): the client corrects a case that still waits for validation. */
export const editCaseSchema = newCaseSchema.pick({ title: true, description: true });
export type EditCaseInput = z.input<typeof editCaseSchema>;

/** POST /api/cases/create-case-chat: a case addressed to one lawyer, from their profile. */
export const caseChatSchema = newCaseSchema.extend({
  lawyerId: z.uuid({ error: es.cases.lawyerRequired }),
});
export type CaseChatInput = z.input<typeof caseChatSchema>;

/** A case (docs/api/http.md, Cases) with `progressStep` and what the screens need to act (+). Money in euros. */
export const caseSchema = z.object({
  id: z.string(),
  /** (+) the short code shown as '/ Caso #CODE' and in billing */
  code: z.string(),
  status: z.enum(CASE_STATUSES),
  progressStep: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  creationDate: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  finishDate: z.string().nullable(),
  assignationDate: z.string().nullable(),
  casePrice: z.number().nullable(),
  userId: z.string(),
  userFullName: z.string(),
  /**
   * (+) how to reach the client, for the case's assigned lawyer (once paid) and administrators; null for
   * anyone else or an empty phone; optional on the wire so an answer without them still reads
   */
  clientMail: z.string().nullable().default(null),
  clientPhone: z.string().nullable().default(null),
  lawyerId: z.string().nullable(),
  /** the assigned lawyer's full name, null while unassigned */
  lawyerAssigned: z.string().nullable(),
  /** (+) the lawyer the case was addressed to from their profile (create-case-chat), and their name */
  addressedLawyerId: z.string().nullable(),
  addressedLawyerName: z.string().nullable(),
  ratingId: z.string().nullable(),
  /** (+) the lawyer asked to close the case and the client has not answered yet */
  closureRequested: z.boolean(),
  /**
   * (+) the client opened a dispute an administrator has not resolved yet (the lawyer's money waits);
   * optional on the wire so an answer without it still reads
   */
  disputeOpen: z.boolean().default(false),
  /**
   * (+) why an administrator discarded the case, for its client (null for lawyers, for any other status or
   * when no reason was given); optional on the wire so an answer without it still reads
   */
  discardReason: z.string().nullable().default(null),
  /** (+) the caller's chat about this case, when there is one (client: with the assigned or addressed lawyer) */
  chatId: z.string().nullable(),
  /** (+) the counterpart to open the chat with: the lawyer for a client, the client for a lawyer */
  chatWith: z.string().nullable(),
  /** (+) a lawyer's own latest proposal on this case (lawyer views only) */
  myProposal: z
    .object({
      id: z.string(),
      price: z.number(),
      status: z.enum(PROPOSAL_STATUSES),
    })
    .nullable(),
});
export type Case = z.infer<typeof caseSchema>;

/** A case as the lawyers' board shows it: no client contact data (docs/api/http.md, Cases). */
export const boardCaseSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(CASE_STATUSES),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  creationDate: z.string(),
  /** how many lawyers have a proposal pending on it */
  proposalsCount: z.number().int(),
  /** the lowest price proposed so far, in euros */
  lowestProposal: z.number().nullable(),
  myProposal: caseSchema.shape.myProposal,
});
export type BoardCase = z.infer<typeof boardCaseSchema>;

/** GET /api/cases/pending-cases query: search over title and description, sort, paging. */
export const boardQuerySchema = pageQuerySchema.extend({
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, { error: es.validation.searchTooLong(100) })
      .optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.enum(CATEGORIES, { error: es.validation.unknownCategory }).optional(),
  ),
  sort: z.preprocess(blankToUndefined, z.enum(BOARD_SORT_VALUES).default('recent')),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** GET /api/cases/user/{id} and /lawyer/{id}: optional status filter, paging. */
export const myCasesQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(CASE_STATUSES, { error: es.cases.invalidStatusFilter }).optional(),
  ),
});
export type MyCasesQuery = z.infer<typeof myCasesQuerySchema>;

/** POST /api/proposal/create-proposal-to-case/{caseId}: a price above 0 (2 decimals at most) and a message. */
export const proposalInputSchema = z.object({
  price: priceSchema.refine((euros) => euros > 0, { error: es.validation.price }),
  message: z
    .string({ error: es.proposals.messageRequired })
    .trim()
    .min(1, { error: es.proposals.messageRequired })
    .max(LIMITS.descriptionMax, { error: es.proposals.messageTooLong(LIMITS.descriptionMax) }),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;

/** An optional note of at most 500 characters (blank is none). */
const optionalNote = (tooLong: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(LIMITS.descriptionMax, { error: tooLong }).optional());

/**
 * POST /api/proposal/{proposalId}/replace (+): the lawyer's new price for their open proposal, and
 * optionally a new message (without one the proposal's message stays).
 */
export const replaceProposalSchema = z.object({
  price: proposalInputSchema.shape.price,
  message: optionalNote(es.proposals.messageTooLong(LIMITS.descriptionMax)),
});
export type ReplaceProposalInput = z.input<typeof replaceProposalSchema>;

/**
 * POST /api/proposal/{proposalId}/counter-offer (+): the price the client asks for instead (above 0 and
 * below the proposal's, the server checks), and an optional note for the lawyer.
 */
export const counterOfferSchema = z.object({
  price: proposalInputSchema.shape.price,
  message: optionalNote(es.proposals.counterNoteTooLong(LIMITS.descriptionMax)),
});
export type CounterOfferInput = z.input<typeof counterOfferSchema>;

/** (+) POST /api/proposal/{proposalId}/decline-counter-offer: the lawyer's optional note to the client. */
export const declineCounterSchema = z.object({
  message: optionalNote(es.proposals.counterNoteTooLong(LIMITS.descriptionMax)),
});
export type DeclineCounterInput = z.input<typeof declineCounterSchema>;

export const proposalSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  lawyerId: z.string(),
  chatId: z.string().nullable(),
  price: z.number(),
  message: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  /** (+) the client's reason for rejecting it, when they gave one; optional on the wire */
  rejectReason: z.string().nullish(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/**
 * POST /api/proposal/reject-proposal/{proposalId}/{chatId}: an optional body with the client's reason, for
 * the lawyer (blank is none); no body at all still rejects.
 */
export const rejectProposalSchema = z.preprocess(
  // a request without a body reaches the schema as null
  (body) => body ?? undefined,
  z
    .object({
      reason: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .max(LIMITS.descriptionMax, { error: es.proposals.rejectReasonTooLong(LIMITS.descriptionMax) })
          .optional(),
      ),
    })
    .optional()
    .default({}),
);
export type RejectProposalInput = z.input<typeof rejectProposalSchema>;

/** POST /api/proposal/accept-proposal/{proposalId} answers the payment page's URL. */
export const paymentUrlSchema = z.string().min(1);

/** PUT /api/cases/{caseId}/progress: a lawyer moves an ACTIVO case forward through steps 3–6. */
export const progressSchema = z.object({
  progressStep: z.coerce
    .number({ error: es.cases.invalidStep })
    .int({ error: es.cases.invalidStep })
    .min(LAWYER_STEP_MIN, { error: es.cases.invalidStep })
    .max(LAWYER_STEP_MAX, { error: es.cases.invalidStep }),
});

/** POST /api/rating/new-rating: 1–5 stars, one per finished case, by its client. */
export const newRatingSchema = z.object({
  caseId: z.uuid({ error: es.cases.noCaseId }),
  lawyerId: z.preprocess(blankToUndefined, z.string().optional()),
  userId: z.preprocess(blankToUndefined, z.string().optional()),
  stars: z.coerce
    .number({ error: es.ratings.starsRequired })
    .int({ error: es.ratings.starsRequired })
    .min(1, { error: es.ratings.starsRequired })
    .max(LIMITS.ratingStars, { error: es.ratings.starsRequired }),
  title: z.string().trim().max(LIMITS.titleMax).optional().default(''),
  description: z.string().trim().max(LIMITS.descriptionMax).optional().default(''),
});
export type NewRatingInput = z.input<typeof newRatingSchema>;

/** POST /api/rating/new-rating answers the stored rating. */
export const savedRatingSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  userId: z.string(),
  lawyerId: z.string(),
  stars: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
});
export type SavedRating = z.infer<typeof savedRatingSchema>;

/** POST /api/admin/cases/{id}/approve: one of the 15 categories. */
export const approveCaseSchema = z.object({
  category: z.enum(CATEGORIES, { error: es.validation.unknownCategory }),
});

/** POST /api/admin/cases/{id}/discard: an optional reason the client reads. */
export const discardCaseSchema = z.object({
  reason: z.string().trim().max(LIMITS.descriptionMax).optional(),
});

/** GET /api/admin/cases query. */
export const adminCasesQuerySchema = myCasesQuerySchema;
