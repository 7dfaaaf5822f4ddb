DROP INDEX "lawyer_profiles_search_idx";--> statement-breakpoint
DROP INDEX "lawyer_profiles_price_idx";--> statement-breakpoint
DROP INDEX "lawyer_profiles_finished_idx";--> statement-breakpoint
DROP INDEX "lawyer_profiles_active_idx";--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish', search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "rating_avg" double precision GENERATED ALWAYS AS (case when rating_count > 0 then rating_sum::double precision / rating_count else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_rating_idx" ON "lawyer_profiles" USING btree ("rating_avg" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_featured_idx" ON "lawyer_profiles" USING btree ("user_id") WHERE "lawyer_profiles"."featured";--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" USING btree ("id") WHERE "users"."banned_at" is not null;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_search_idx" ON "lawyer_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_price_idx" ON "lawyer_profiles" USING btree ("price_hour_cents","user_id");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_finished_idx" ON "lawyer_profiles" USING btree ("finished_cases" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_active_idx" ON "lawyer_profiles" USING btree ("active_cases" DESC NULLS FIRST,"user_id");