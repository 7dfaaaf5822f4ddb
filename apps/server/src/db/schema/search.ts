import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tsvector } from './columns.ts';
import { lawyerProfiles } from './users.ts';

/** The category of a projection row that stands for every category (`lawyer_search.category`). */
export const ANY_CATEGORY = '*';

/**
 * The directory's search projection (docs/decisions/0021-search-words-by-prefix.md): one row per listed
 * lawyer (verified, not banned) and each of their categories, plus one '*' row for "any category", with
 * what the directory filters and sorts by. Kept by triggers on lawyer_profiles and users in the
 * transaction of every change (migration 0022); never written by the application.
 */
export const lawyerSearch = pgTable(
  'lawyer_search',
  {
    category: text('category').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => lawyerProfiles.userId, { onDelete: 'cascade' }),
    province: text('province').notNull(),
    categories: text('categories').array().notNull(),
    priceHourCents: integer('price_hour_cents').notNull(),
    firstVisitFree: boolean('first_visit_free').notNull(),
    ratingAvg: doublePrecision('rating_avg').notNull(),
    ratingCount: integer('rating_count').notNull(),
    finishedCases: integer('finished_cases').notNull(),
    activeCases: integer('active_cases').notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.userId] }),
    index('lawyer_search_user_idx').on(t.userId),
    index('lawyer_search_words_idx').using('gin', t.searchVector),
    // each sort with the category leading, so a category's page is one ordered range of its index
    index('lawyer_search_rating_idx').on(
      t.category,
      t.ratingAvg.desc().nullsFirst(),
      t.ratingCount.desc().nullsFirst(),
      t.userId,
    ),
    index('lawyer_search_price_idx').on(t.category, t.priceHourCents, t.userId),
    index('lawyer_search_finished_idx').on(t.category, t.finishedCases.desc().nullsFirst(), t.userId),
    index('lawyer_search_active_idx').on(t.category, t.activeCases.desc().nullsFirst(), t.userId),
    index('lawyer_search_province_idx').on(t.category, t.province),
  ],
);
