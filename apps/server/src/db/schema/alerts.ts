import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/** A lawyer's saved board search (docs/alerts.md): the board's words and category, and how to alert. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the board's words as typed ('' for any title) */
    search: text('search').notNull().default(''),
    /** null: every category */
    category: text('category'),
    frequency: text('frequency', { enum: ['instant', 'daily', 'off'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('saved_searches_lawyer_idx').on(t.lawyerId, t.createdAt)],
);

/**
 * The fan-out of one published case (docs/alerts.md, The fan-out): written in the approval's transaction,
 * worked in batches of lawyers in id order after it; `cursor` is the last lawyer looked at, so a killed
 * process resumes where its last committed batch ended.
 */
export const caseAlertJobs = pgTable(
  'case_alert_jobs',
  {
    caseId: uuid('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    cursor: uuid('cursor'),
    attempts: integer('attempts').notNull().default(0),
    /** due at; while a process works the job, the end of its lease */
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    claimedAt: tstz('claimed_at'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('case_alert_jobs_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/**
 * One alert per case and lawyer: the primary key is what keeps a resumed fan-out from alerting twice.
 * `mail` is how it reaches the lawyer's mailbox: its own mail (`instant`) or the next daily digest (`daily`,
 * until `digestedAt`).
 */
export const caseAlerts = pgTable(
  'case_alerts',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mail: text('mail', { enum: ['instant', 'daily'] }).notNull(),
    createdAt: createdAt(),
    digestedAt: tstz('digested_at'),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.lawyerId] }),
    index('case_alerts_digest_idx')
      .on(t.lawyerId, t.createdAt)
      .where(sql`${t.mail} = 'daily' and ${t.digestedAt} is null`),
  ],
);

/** The last daily digest of a lawyer, by its day in Madrid: one a day, even with several processes. */
export const caseAlertDigests = pgTable('case_alert_digests', {
  lawyerId: uuid('lawyer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** YYYY-MM-DD, Europe/Madrid */
  lastDay: text('last_day').notNull(),
  lastSentAt: tstz('last_sent_at').notNull(),
});
