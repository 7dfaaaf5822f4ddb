ALTER TABLE "board_entries" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "board_entries" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "board_search_idx" ON "board_entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_search_idx" ON "lawyer_profiles" USING gin ("search_vector");