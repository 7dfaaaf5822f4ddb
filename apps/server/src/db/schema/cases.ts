import { OPEN_PROPOSAL_STATUSES, PROPOSAL_STATUSES } from '@l4l/shared/constants/proposals';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, tsvector } from './columns.ts';
import { users } from './users.ts';

/** The open proposal statuses as an SQL list literal, for the index and the board's figures. */
export const OPEN_PROPOSAL_SQL_LIST = sql.raw(
  `(${OPEN_PROPOSAL_STATUSES.map((status) => `'${status}'`).join(', ')})`,
);

/** A case; status labels and progress step as docs/domain.md, Case statuses and progress steps fixes them. */
export const cases = pgTable(
  'cases',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the lawyer the case was addressed to from their profile (create-case-chat); skips the board */
    addressedLawyerId: uuid('addressed_lawyer_id').references(() => users.id),
    /** the lawyer assigned once a payment is confirmed */
    lawyerId: uuid('lawyer_id').references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull().default('Por calificar'),
    status: text('status', {
      enum: ['PENDIENTE DE VALIDACIÓN', 'PENDIENTE DE ASIGNACIÓN', 'ACTIVO', 'FINALIZADO', 'DESCARTADO'],
    })
      .notNull()
      .default('PENDIENTE DE VALIDACIÓN'),
    progressStep: integer('progress_step').notNull().default(0),
    casePriceCents: integer('case_price_cents'),
    creationDate: createdAt(),
    validatedAt: tstz('validated_at'),
    validatedBy: uuid('validated_by'),
    discardReason: text('discard_reason'),
    assignationDate: tstz('assignation_date'),
    startDate: tstz('start_date'),
    endDate: tstz('end_date'),
    finishDate: tstz('finish_date'),
    closureRequestedAt: tstz('closure_requested_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cases_user_idx').on(t.userId, t.creationDate),
    index('cases_lawyer_idx').on(t.lawyerId, t.creationDate),
    index('cases_status_idx').on(t.status, t.creationDate),
    index('cases_addressed_idx').on(t.addressedLawyerId, t.creationDate),
    check('cases_progress_step_range', sql`${t.progressStep} between 0 and 7`),
  ],
);

/**
 * The lawyers' board (ADR 0006): one narrow row per published general case, with what the board searches
 * and sorts by, so that every board query reads a small table through an index, at a million cases too.
 * A case enters when an administrator publishes it and leaves when its payment makes it ACTIVO.
 */
export const boardEntries = pgTable(
  'board_entries',
  {
    caseId: uuid('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: tstz('created_at').notNull(),
    category: text('category').notNull(),
    /** accent-free, lower-cased title and description (searchableText) */
    searchText: text('search_text').notNull(),
    /** its words as they are, never stemmed: each word searched matches as a prefix (ADR 0023) */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    /** open (pending or accepted) proposals, and the lowest price among them */
    proposalsCount: integer('proposals_count').notNull().default(0),
    lowestProposalCents: integer('lowest_proposal_cents'),
    /** the client's finished and active cases */
    clientFinishedCases: integer('client_finished_cases').notNull().default(0),
    clientActiveCases: integer('client_active_cases').notNull().default(0),
  },
  // Each index lists its columns exactly as board.repository.ts orders by them, NULLS placement included:
  // plain DESC is NULLS FIRST in PostgreSQL, and an index built DESC NULLS LAST cannot give that order
  // (neither read forwards nor backwards), so the whole table would be sorted for every page
  // (board.plans.test.ts checks the plans). Migration 0029 builds them again with the search text INCLUDEd,
  // adds one led by the category per sort, and keeps board_search_words and board_search_counts from this
  // table by its triggers (docs/decisions/0033-board-search.md); Drizzle does not spell INCLUDE.
  (t) => [
    index('board_recent_idx').on(t.createdAt.desc().nullsFirst(), t.caseId.desc().nullsFirst()),
    index('board_proposals_asc_idx').on(
      t.proposalsCount.asc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.caseId.desc().nullsFirst(),
    ),
    index('board_category_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.caseId.desc().nullsFirst()),
    index('board_price_asc_idx').on(
      t.lowestProposalCents.asc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.caseId.desc().nullsFirst(),
    ),
    index('board_price_desc_idx').on(
      t.lowestProposalCents.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.caseId.desc().nullsFirst(),
    ),
    index('board_finished_idx').on(
      t.clientFinishedCases.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.caseId.desc().nullsFirst(),
    ),
    index('board_active_idx').on(
      t.clientActiveCases.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.caseId.desc().nullsFirst(),
    ),
    index('board_user_idx').on(t.userId),
    index('board_search_idx').using('gin', t.searchVector),
  ],
);

/** A lawyer's offer to take a case at a price; one pending proposal per lawyer and case. */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id'),
    priceCents: integer('price_cents').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('PENDIENTE'),
    createdAt: createdAt(),
    decidedAt: tstz('decided_at'),
    /** the client's optional reason when rejecting it, for the lawyer */
    rejectReason: text('reject_reason'),
    /** (+) the price the client asked for instead (a counter-offer), at most one per proposal */
    counterOfferCents: integer('counter_offer_cents'),
  },
  (t) => [
    index('proposals_case_idx').on(t.caseId),
    index('proposals_lawyer_idx').on(t.lawyerId),
    uniqueIndex('proposals_one_pending_key')
      .on(t.caseId, t.lawyerId)
      .where(sql`${t.status} in ${OPEN_PROPOSAL_SQL_LIST}`),
    check('proposals_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/** A rating: one per case (docs/domain.md, Ratings). */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    stars: integer('stars').notNull(),
    createdAt: createdAt(),
    /** the rated lawyer's one answer and when it was written (null: none yet) */
    replyText: text('reply_text'),
    repliedAt: tstz('replied_at'),
    /** hidden by an administrator: out of every public list and of the lawyer's rating_sum / rating_count */
    hiddenAt: tstz('hidden_at'),
  },
  (t) => [
    uniqueIndex('ratings_case_key').on(t.caseId),
    index('ratings_lawyer_idx').on(t.lawyerId, t.createdAt),
    index('ratings_user_idx').on(t.userId, t.createdAt),
    check('ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/**
 * A report of an abusive rating (docs/domain.md, Ratings): one per person and rating, open until an
 * administrator hides the rating or keeps it, which closes every open report of that rating.
 */
export const ratingReports = pgTable(
  'rating_reports',
  {
    id: id(),
    ratingId: uuid('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'hidden', 'kept'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    decidedAt: tstz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('rating_reports_one_per_person_key').on(t.ratingId, t.reporterId),
    index('rating_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The Idempotency-Key a client sent with a case creation: a retried creation with the same key (same
 * person, within 24 hours) answers the case the first one made instead of making a second.
 */
export const caseCreationKeys = pgTable(
  'case_creation_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
