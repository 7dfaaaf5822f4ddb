CREATE TABLE "lawyer_search" (
	"category" text NOT NULL,
	"province" text NOT NULL,
	"user_id" uuid NOT NULL,
	"rating_avg" double precision NOT NULL,
	"rating_count" integer NOT NULL,
	"price_hour_cents" integer NOT NULL,
	"finished_cases" integer NOT NULL,
	"active_cases" integer NOT NULL,
	"first_visit_free" boolean NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "lawyer_search_pk" PRIMARY KEY ("user_id", "category", "province")
);--> statement-breakpoint
CREATE INDEX "lawyer_search_rating_idx" ON "lawyer_search" ("category", "province", "rating_avg" DESC, "rating_count" DESC, "user_id") INCLUDE ("price_hour_cents", "first_visit_free", "search_text");--> statement-breakpoint
CREATE INDEX "lawyer_search_price_idx" ON "lawyer_search" ("category", "province", "price_hour_cents", "user_id") INCLUDE ("first_visit_free", "search_text");--> statement-breakpoint
CREATE INDEX "lawyer_search_finished_idx" ON "lawyer_search" ("category", "province", "finished_cases" DESC, "user_id") INCLUDE ("price_hour_cents", "first_visit_free", "search_text");--> statement-breakpoint
CREATE INDEX "lawyer_search_active_idx" ON "lawyer_search" ("category", "province", "active_cases" DESC, "user_id") INCLUDE ("price_hour_cents", "first_visit_free", "search_text");--> statement-breakpoint
CREATE TABLE "lawyer_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"user_id" uuid NOT NULL,
	"categories" text[] NOT NULL,
	"province" text NOT NULL,
	"rating_avg" double precision NOT NULL,
	"rating_count" integer NOT NULL,
	"price_hour_cents" integer NOT NULL,
	"finished_cases" integer NOT NULL,
	"active_cases" integer NOT NULL,
	"first_visit_free" boolean NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "lawyer_search_words_pk" PRIMARY KEY ("user_id", "word")
);--> statement-breakpoint
CREATE INDEX "lawyer_search_words_rating_idx" ON "lawyer_search_words" ("word", "rating_avg" DESC, "rating_count" DESC, "user_id") INCLUDE ("categories", "province", "price_hour_cents", "first_visit_free", "search_text");--> statement-breakpoint
CREATE INDEX "lawyer_search_words_price_idx" ON "lawyer_search_words" ("word", "price_hour_cents", "user_id") INCLUDE ("categories", "province", "first_visit_free", "search_text");--> statement-breakpoint
CREATE INDEX "lawyer_search_words_finished_idx" ON "lawyer_search_words" ("word", "finished_cases" DESC, "user_id") INCLUDE ("categories", "province", "price_hour_cents", "first_visit_free", "search_text");--> statement-breakpoint
CREATE INDEX "lawyer_search_words_active_idx" ON "lawyer_search_words" ("word", "active_cases" DESC, "user_id") INCLUDE ("categories", "province", "price_hour_cents", "first_visit_free", "search_text");--> statement-breakpoint
CREATE TABLE "lawyer_search_counts" (
	"key" text COLLATE "C" NOT NULL,
	"lawyers" integer NOT NULL,
	CONSTRAINT "lawyer_search_counts_pk" PRIMARY KEY ("key") INCLUDE ("lawyers")
);
--> statement-breakpoint
-- The projection's rows of these lawyers rebuilt from their profile and account (docs/decisions/0031-directory-search-projection.md):
-- listed (verified, not banned): a row per category and '' (any) x the province and '' (any), and a row per
-- word of the name; anyone else: none. The counts move by the rows that went and came. Set-based: a bulk
-- insert of profiles is one pass.
CREATE FUNCTION lawyer_search_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lowered text[];
  more text[];
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH gone AS (DELETE FROM lawyer_search_words WHERE user_id = ANY (ids) RETURNING word),
  moved AS (INSERT INTO lawyer_search_counts (key, lawyers)
      SELECT 'w:' || word, -count(*)::int FROM gone GROUP BY word
    ON CONFLICT (key) DO UPDATE SET lawyers = lawyer_search_counts.lawyers + excluded.lawyers RETURNING key)
  SELECT coalesce(array_agg(key), '{}') INTO lowered FROM moved;
  WITH gone AS (DELETE FROM lawyer_search WHERE user_id = ANY (ids) RETURNING category, province),
  moved AS (INSERT INTO lawyer_search_counts (key, lawyers)
      SELECT 'f:' || category || '|' || province, -count(*)::int FROM gone GROUP BY category, province
    ON CONFLICT (key) DO UPDATE SET lawyers = lawyer_search_counts.lawyers + excluded.lawyers RETURNING key)
  SELECT coalesce(array_agg(key), '{}') INTO more FROM moved;
  WITH added AS (
    INSERT INTO lawyer_search (category, province, user_id, rating_avg, rating_count, price_hour_cents,
      finished_cases, active_cases, first_visit_free, search_text)
    SELECT c.category, v.province, p.user_id, p.rating_avg, p.rating_count, p.price_hour_cents,
      p.finished_cases, p.active_cases, p.first_visit_free, p.search_text
    FROM lawyer_profiles p JOIN users u ON u.id = p.user_id
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(array[''] || p.categories) AS category) c
    CROSS JOIN LATERAL (VALUES (p.province), ('')) v(province)
    WHERE p.user_id = ANY (ids) AND p.verified_at IS NOT NULL AND u.banned_at IS NULL
    RETURNING category, province)
  INSERT INTO lawyer_search_counts (key, lawyers)
    SELECT 'f:' || category || '|' || province, count(*)::int FROM added GROUP BY category, province
  ON CONFLICT (key) DO UPDATE SET lawyers = lawyer_search_counts.lawyers + excluded.lawyers;
  WITH added AS (
    INSERT INTO lawyer_search_words (word, user_id, categories, province, rating_avg, rating_count,
      price_hour_cents, finished_cases, active_cases, first_visit_free, search_text)
    SELECT w.word, p.user_id, p.categories, p.province, p.rating_avg, p.rating_count, p.price_hour_cents,
      p.finished_cases, p.active_cases, p.first_visit_free, p.search_text
    FROM lawyer_profiles p JOIN users u ON u.id = p.user_id
    CROSS JOIN LATERAL (SELECT DISTINCT word FROM unnest(string_to_array(p.search_text, ' ')) AS word
      WHERE word <> '') w
    WHERE p.user_id = ANY (ids) AND p.verified_at IS NOT NULL AND u.banned_at IS NULL
    RETURNING word)
  INSERT INTO lawyer_search_counts (key, lawyers)
    SELECT 'w:' || word, count(*)::int FROM added GROUP BY word
  ON CONFLICT (key) DO UPDATE SET lawyers = lawyer_search_counts.lawyers + excluded.lawyers;
  -- a word (a name) nobody listed has any more leaves no key behind (an erased account's name included)
  DELETE FROM lawyer_search_counts WHERE key = ANY (lowered || more) AND lawyers = 0;
END $$;--> statement-breakpoint
CREATE FUNCTION lawyer_search_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_refresh(ARRAY(SELECT user_id FROM new_profiles WHERE verified_at IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
-- only the profiles whose listing, facets, name or sort keys changed
CREATE FUNCTION lawyer_search_profiles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_refresh(ARRAY(
    SELECT n.user_id FROM new_profiles n JOIN old_profiles o ON o.user_id = n.user_id
    WHERE (n.verified_at IS NULL) <> (o.verified_at IS NULL)
      OR (n.verified_at IS NOT NULL AND (n.categories <> o.categories OR n.province <> o.province
        OR n.search_text <> o.search_text OR n.rating_sum <> o.rating_sum OR n.rating_count <> o.rating_count
        OR n.price_hour_cents <> o.price_hour_cents OR n.first_visit_free <> o.first_visit_free
        OR n.finished_cases <> o.finished_cases OR n.active_cases <> o.active_cases))));
  RETURN NULL;
END $$;--> statement-breakpoint
-- a ban or its lifting
CREATE FUNCTION lawyer_search_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_refresh(ARRAY(
    SELECT n.id FROM new_users n JOIN old_users o ON o.id = n.id
    WHERE (n.banned_at IS NULL) <> (o.banned_at IS NULL) AND n.role = 'ABOGADO'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_search_profiles_insert AFTER INSERT ON lawyer_profiles
  REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_profiles_inserted();--> statement-breakpoint
CREATE TRIGGER lawyer_search_profiles_update AFTER UPDATE ON lawyer_profiles
  REFERENCING OLD TABLE AS old_profiles NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_profiles_updated();--> statement-breakpoint
-- a deleted profile (its account deleted) takes its rows and their counts with it
CREATE FUNCTION lawyer_search_profiles_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_refresh(ARRAY(SELECT user_id FROM old_profiles WHERE verified_at IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_search_profiles_delete AFTER DELETE ON lawyer_profiles
  REFERENCING OLD TABLE AS old_profiles FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_profiles_deleted();--> statement-breakpoint
CREATE TRIGGER lawyer_search_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_users_updated();--> statement-breakpoint
-- the lawyers listed now
SELECT lawyer_search_refresh(ARRAY(SELECT user_id FROM lawyer_profiles WHERE verified_at IS NOT NULL));--> statement-breakpoint
ANALYZE lawyer_search;--> statement-breakpoint
ANALYZE lawyer_search_words;--> statement-breakpoint
ANALYZE lawyer_search_counts;
