CREATE TABLE "lawyer_search" (
	"category" text NOT NULL,
	"user_id" uuid NOT NULL,
	"province" text NOT NULL,
	"categories" text[] NOT NULL,
	"price_hour_cents" integer NOT NULL,
	"first_visit_free" boolean NOT NULL,
	"rating_avg" double precision NOT NULL,
	"rating_count" integer NOT NULL,
	"finished_cases" integer NOT NULL,
	"active_cases" integer NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	CONSTRAINT "lawyer_search_category_user_id_pk" PRIMARY KEY("category","user_id")
);
--> statement-breakpoint
ALTER TABLE "lawyer_search" ADD CONSTRAINT "lawyer_search_user_id_lawyer_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."lawyer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lawyer_search_user_idx" ON "lawyer_search" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lawyer_search_words_idx" ON "lawyer_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lawyer_search_rating_idx" ON "lawyer_search" USING btree ("category","rating_avg" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "lawyer_search_price_idx" ON "lawyer_search" USING btree ("category","price_hour_cents","user_id");--> statement-breakpoint
CREATE INDEX "lawyer_search_finished_idx" ON "lawyer_search" USING btree ("category","finished_cases" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "lawyer_search_active_idx" ON "lawyer_search" USING btree ("category","active_cases" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "lawyer_search_province_idx" ON "lawyer_search" USING btree ("category","province");--> statement-breakpoint
-- The projection's rows of the lawyers a statement changed, rebuilt from their profile and account
-- (docs/decisions/0021-search-words-by-prefix.md): one row per category and one '*' row for a verified
-- lawyer who is not banned, none for anyone else. Set-based, so a bulk seed costs one pass.
CREATE VIEW lawyer_search_source AS
  SELECT DISTINCT ON (c.category, p.user_id) c.category, p.user_id, p.province, p.categories,
    p.price_hour_cents, p.first_visit_free, p.rating_avg, p.rating_count, p.finished_cases,
    p.active_cases, p.search_vector
  FROM lawyer_profiles p
  JOIN users u ON u.id = p.user_id
  CROSS JOIN LATERAL unnest(array['*'] || p.categories) AS c(category)
  WHERE p.verified_at IS NOT NULL AND u.banned_at IS NULL;--> statement-breakpoint
CREATE FUNCTION lawyer_search_from_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lawyer_search WHERE user_id IN (SELECT user_id FROM changed_profiles);
  INSERT INTO lawyer_search SELECT * FROM lawyer_search_source
    WHERE user_id IN (SELECT user_id FROM changed_profiles);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_search_profiles_insert AFTER INSERT ON lawyer_profiles
  REFERENCING NEW TABLE AS changed_profiles FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_from_profiles();--> statement-breakpoint
CREATE TRIGGER lawyer_search_profiles_update AFTER UPDATE ON lawyer_profiles
  REFERENCING NEW TABLE AS changed_profiles FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_from_profiles();--> statement-breakpoint
-- a ban or its lifting; other changes of an account leave the projection alone
CREATE FUNCTION lawyer_search_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed_users n JOIN previous_users o ON o.id = n.id
      WHERE n.banned_at IS DISTINCT FROM o.banned_at AND n.role = 'ABOGADO') THEN
    RETURN NULL;
  END IF;
  DELETE FROM lawyer_search WHERE user_id IN (SELECT n.id FROM changed_users n
    JOIN previous_users o ON o.id = n.id WHERE n.banned_at IS DISTINCT FROM o.banned_at);
  INSERT INTO lawyer_search SELECT * FROM lawyer_search_source WHERE user_id IN (SELECT n.id
    FROM changed_users n JOIN previous_users o ON o.id = n.id WHERE n.banned_at IS DISTINCT FROM o.banned_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_search_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS previous_users NEW TABLE AS changed_users
  FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_from_users();--> statement-breakpoint
INSERT INTO lawyer_search SELECT * FROM lawyer_search_source;