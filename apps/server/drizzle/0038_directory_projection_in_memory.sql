-- The directory's only search projection is its index in memory (docs/decisions/0043-one-directory-projection.md):
-- the SQL projection's tables, their counts and name pairs go, and with them the rows each write rebuilt. What
-- stays is the log the index follows (migration 0034): the lawyers a statement changed, under the next version.
-- One trigger per table now logs every change the index shows, search fields and card alike, so a statement
-- takes one version.
DROP TRIGGER lawyer_search_cards_update ON lawyer_profiles;--> statement-breakpoint
DROP TRIGGER lawyer_search_accounts_update ON users;--> statement-breakpoint
DROP FUNCTION lawyer_search_cards_updated();--> statement-breakpoint
DROP FUNCTION lawyer_search_accounts_updated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lawyer_search_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ARRAY(SELECT user_id FROM new_profiles WHERE verified_at IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lawyer_search_profiles_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ARRAY(SELECT user_id FROM old_profiles WHERE verified_at IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lawyer_search_profiles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ARRAY(
    SELECT n.user_id FROM new_profiles n JOIN old_profiles o ON o.user_id = n.user_id
    WHERE (n.verified_at IS NULL) <> (o.verified_at IS NULL)
      OR (n.verified_at IS NOT NULL AND (n.categories, n.province, n.search_text, n.rating_sum, n.rating_count,
        n.price_hour_cents, n.first_visit_free, n.finished_cases, n.active_cases, n.description, n.slug,
        n.price_first_visit_cents, n.response_minutes, n.professional_title)
      IS DISTINCT FROM (o.categories, o.province, o.search_text, o.rating_sum, o.rating_count,
        o.price_hour_cents, o.first_visit_free, o.finished_cases, o.active_cases, o.description, o.slug,
        o.price_first_visit_cents, o.response_minutes, o.professional_title))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lawyer_search_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ARRAY(
    SELECT n.id FROM new_users n JOIN old_users o ON o.id = n.id
    WHERE n.role = 'ABOGADO' AND ((n.banned_at IS NULL) <> (o.banned_at IS NULL)
      OR (n.name, n.surname, n.photo_url) IS DISTINCT FROM (o.name, o.surname, o.photo_url))));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION lawyer_search_refresh(uuid[]);--> statement-breakpoint
DROP FUNCTION lawyer_search_refresh_rows(uuid[]);--> statement-breakpoint
DROP FUNCTION lawyer_search_refresh_words(uuid[]);--> statement-breakpoint
DROP FUNCTION lawyer_search_rebuild(uuid[]);--> statement-breakpoint
DROP FUNCTION lawyer_search_pairs_of(uuid[]);--> statement-breakpoint
DROP FUNCTION lawyer_search_facet_keys(text, text[], text);--> statement-breakpoint
DROP TABLE lawyer_search_pairs;--> statement-breakpoint
DROP TABLE lawyer_search_counts_in_facets;--> statement-breakpoint
DROP TABLE lawyer_search_counts;--> statement-breakpoint
DROP TABLE lawyer_search_words;--> statement-breakpoint
DROP TABLE lawyer_search;
