import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/** Uploaded images: the file lives in storage, the database keeps its URL and facts, never the bytes. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    /** (+) the stored picture's size in pixels, so the chat reserves its place before it loads (null: older rows) */
    width: integer('width'),
    height: integer('height'),
    purpose: text('purpose', { enum: ['avatar', 'chat'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    // a chat picture's message names its upload by URL: the history reads its size by it
    index('uploads_url_idx').on(t.url),
  ],
);

/** Every administrator action (who, what, when, target, reason); rows are only ever inserted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * An administrator's sign-in half done (docs/api/http.md, Auth): the password was right, the TOTP code is still
 * owed. The mfaToken is random and stored hashed; it lives 5 minutes, takes a few wrong codes and is
 * used once.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** the session asked for at login: persistent only with cookie consent (ADR 0003) */
    persistent: boolean('persistent').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_key').on(t.tokenHash),
    index('mfa_challenges_user_idx').on(t.userId),
  ],
);
