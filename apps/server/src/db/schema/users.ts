import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, tsvector } from './columns.ts';

/** The base user; roles USUARIO / ABOGADO / ADMIN (docs/domain.md, Roles). Mail is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: id(),
    role: text('role', { enum: ['USUARIO', 'ABOGADO', 'ADMIN'] }).notNull(),
    mail: text('mail').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    username: text('username').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    photoUrl: text('photo_url'),
    googleSub: text('google_sub'),
    bannedAt: tstz('banned_at'),
    banReason: text('ban_reason'),
    /**
     * docs/domain.md, Privacy rights: when the person erased their account. The row stays, pseudonymised,
     * for the invoices, payments and chats that point at it; it can never sign in again.
     */
    erasedAt: tstz('erased_at'),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: tstz('totp_enrolled_at'),
    /** the last TOTP time step accepted, so a code is never accepted twice (RFC 6238 §5.2) */
    totpLastStep: integer('totp_last_step'),
    lastConnection: tstz('last_connection'),
    /** when the sign-in mail in force was proven to be the person's (docs/domain.md, Mail verification); null = not yet */
    emailVerifiedAt: tstz('email_verified_at'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mail_key').on(t.mail),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_role_idx').on(t.role, t.createdAt),
    // the few banned accounts, so "not banned" is an anti-join against a small index
    index('users_banned_idx').on(t.id).where(sql`${t.bannedAt} is not null`),
  ],
);

/** A signed-in session: tokens carry its id, so logout, a ban or a reset revoke them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    persistent: boolean('persistent').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset tokens: random, stored hashed, single use, 1 hour (docs/domain.md, Password policy). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in mail change waiting for its confirmation: the new address takes effect only once the link
 * mailed to it is opened. The token is random, stored hashed, single use and lives 24 hours, like a
 * password-reset token.
 */
export const mailChangeTokens = pgTable(
  'mail_change_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newMail: text('new_mail').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_change_tokens_hash_key').on(t.tokenHash),
    index('mail_change_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A link that confirms the sign-in mail (docs/domain.md, Mail verification): it names the address it was
 * mailed to, stores only the hash of its token, is used once and lives 48 hours.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mail: text('mail').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/** The lawyer's fields (docs/api/http.md, Lawyers); one row per ABOGADO user. Prices in cents. */
export const lawyerProfiles = pgTable(
  'lawyer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    province: text('province').notNull(),
    /**
     * docs/domain.md, Public lawyer pages: the page's address /abogados/{slug}, 'nombre-apellidos' without
     * accents, unique (-2, -3… on a clash), made once when the profile is created and kept when the name
     * changes. Null only until the server's start fills a profile created before slugs existed.
     */
    slug: text('slug'),
    /**
     * docs/domain.md, Colegiación: `barAssociation` on the wire, the id of one of the 83 colegios; older free
     * text that is not on the list counts as not given, and the lawyer is asked again.
     */
    lawyerAssociation: text('lawyer_association').notNull().default(''),
    /** `barNumber` on the wire: the colegiado number as the colegio prints it ('' when not given) */
    membershipNumber: text('membership_number').notNull().default(''),
    /** the administrator who last checked the colegiación against the census, and when (audited too) */
    barCheckedAt: tstz('bar_checked_at'),
    barCheckedBy: uuid('bar_checked_by'),
    /**
     * docs/domain.md, Response time: the median minutes to the lawyer's first reply over the chats answered
     * in the last 90 days, null below 3 such chats. Refreshed by the chat whenever a chat gets its first
     * reply, so no request computes it.
     */
    responseMinutes: integer('response_minutes'),
    priceHourCents: integer('price_hour_cents').notNull().default(0),
    /** docs/domain.md, Professional title: 'Abogado' or 'Abogada', as the lawyer chose; badges agree with it */
    professionalTitle: text('professional_title').notNull().default('Abogado'),
    /** docs/domain.md, Lawyers' prices: null until the lawyer gives one (never a silent 0) */
    priceFirstVisitCents: integer('price_first_visit_cents'),
    firstVisitFree: boolean('first_visit_free').notNull().default(false),
    verifiedAt: tstz('verified_at'),
    verifiedBy: uuid('verified_by'),
    rejectedAt: tstz('rejected_at'),
    rejectionReason: text('rejection_reason'),
    featured: boolean('featured').notNull().default(false),
    /** accent-free, lower-cased name kept by the application for full-text search ('garcia' finds 'García'). */
    searchText: text('search_text').notNull().default(''),
    /**
     * the words of search_text as they are, never stemmed ('simple'), stored so a search never recomputes
     * them row by row; a search matches each word it is given as a prefix (ADR 0023)
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** docs/domain.md, Ratings: the average of the stars, 0 when none; kept by the database so the directory sorts on an index. */
    ratingAvg: doublePrecision('rating_avg')
      .notNull()
      .generatedAlwaysAs(
        sql`case when rating_count > 0 then rating_sum::double precision / rating_count else 0 end`,
      ),
    activeCases: integer('active_cases').notNull().default(0),
    finishedCases: integer('finished_cases').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lawyer_profiles_slug_key').on(t.slug),
    // a registration reads the slugs that start with its base as a range of this index (modules/lawyers/lawyer-slugs.ts)
    index('lawyer_profiles_slug_prefix_idx').on(t.slug.op('text_pattern_ops')),
    index('lawyer_profiles_search_idx').using('gin', t.searchVector),
    index('lawyer_profiles_categories_idx').using('gin', t.categories),
    index('lawyer_profiles_province_idx').on(t.province),
    index('lawyer_profiles_verified_idx').on(t.verifiedAt),
    // the directory's sorts, each with its tiebreak on the id, so a page is read in index order
    // (NULLS FIRST is what a plain ORDER BY ... DESC means, so the index matches the query)
    index('lawyer_profiles_rating_idx').on(
      t.ratingAvg.desc().nullsFirst(),
      t.ratingCount.desc().nullsFirst(),
      t.userId,
    ),
    index('lawyer_profiles_price_idx').on(t.priceHourCents, t.userId),
    index('lawyer_profiles_finished_idx').on(t.finishedCases.desc().nullsFirst(), t.userId),
    index('lawyer_profiles_active_idx').on(t.activeCases.desc().nullsFirst(), t.userId),
    index('lawyer_profiles_featured_idx').on(t.userId).where(sql`${t.featured}`),
    check('lawyer_profiles_professional_title_check', sql`${t.professionalTitle} in ('Abogado', 'Abogada')`),
  ],
);

/** Academic experience (center, title, dates). */
export const academicExperiences = pgTable(
  'academic_experiences',
  {
    id: id(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    center: text('center').notNull(),
    title: text('title').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    createdAt: createdAt(),
  },
  (t) => [index('academic_experiences_lawyer_idx').on(t.lawyerId)],
);

/** Work experience (company, position, dates; no end date means 'Presente'). */
export const workExperiences = pgTable(
  'work_experiences',
  {
    id: id(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    position: text('position').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    createdAt: createdAt(),
  },
  (t) => [index('work_experiences_lawyer_idx').on(t.lawyerId)],
);
