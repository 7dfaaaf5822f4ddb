DROP INDEX "board_recent_idx";--> statement-breakpoint
DROP INDEX "board_category_idx";--> statement-breakpoint
DROP INDEX "board_price_asc_idx";--> statement-breakpoint
DROP INDEX "board_price_desc_idx";--> statement-breakpoint
DROP INDEX "board_finished_idx";--> statement-breakpoint
DROP INDEX "board_active_idx";--> statement-breakpoint
CREATE INDEX "board_recent_idx" ON "board_entries" USING btree ("created_at" DESC NULLS FIRST,"case_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "board_category_idx" ON "board_entries" USING btree ("category","created_at" DESC NULLS FIRST,"case_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "board_price_asc_idx" ON "board_entries" USING btree ("lowest_proposal_cents","created_at" DESC NULLS FIRST,"case_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "board_price_desc_idx" ON "board_entries" USING btree ("lowest_proposal_cents" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"case_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "board_finished_idx" ON "board_entries" USING btree ("client_finished_cases" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"case_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "board_active_idx" ON "board_entries" USING btree ("client_active_cases" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"case_id" DESC NULLS FIRST);