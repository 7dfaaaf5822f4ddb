CREATE TABLE "board_entries" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish', search_text)) STORED NOT NULL,
	"proposals_count" integer DEFAULT 0 NOT NULL,
	"lowest_proposal_cents" integer,
	"client_finished_cases" integer DEFAULT 0 NOT NULL,
	"client_active_cases" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "cases_board_search_idx";--> statement-breakpoint
ALTER TABLE "board_entries" ADD CONSTRAINT "board_entries_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_recent_idx" ON "board_entries" USING btree ("created_at" DESC NULLS LAST,"case_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_category_idx" ON "board_entries" USING btree ("category","created_at" DESC NULLS LAST,"case_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_price_asc_idx" ON "board_entries" USING btree ("lowest_proposal_cents","created_at" DESC NULLS LAST,"case_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_price_desc_idx" ON "board_entries" USING btree ("lowest_proposal_cents" DESC NULLS LAST,"created_at" DESC NULLS LAST,"case_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_finished_idx" ON "board_entries" USING btree ("client_finished_cases" DESC NULLS LAST,"created_at" DESC NULLS LAST,"case_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_active_idx" ON "board_entries" USING btree ("client_active_cases" DESC NULLS LAST,"created_at" DESC NULLS LAST,"case_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_user_idx" ON "board_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_search_idx" ON "board_entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "cases_addressed_idx" ON "cases" USING btree ("addressed_lawyer_id","created_at");--> statement-breakpoint
-- cases published before this migration join the board (their search text without accents, as searchableText)
INSERT INTO "board_entries" ("case_id", "user_id", "created_at", "category", "search_text", "proposals_count",
    "lowest_proposal_cents", "client_finished_cases", "client_active_cases")
  SELECT c."id", c."user_id", c."created_at", c."category",
    trim(regexp_replace(regexp_replace(translate(lower(c."title" || ' ' || c."description"),
      'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc'), '[^a-z0-9\s]', ' ', 'g'), '\s+', ' ', 'g')),
    (SELECT count(*) FROM "proposals" p WHERE p."case_id" = c."id" AND p."status" IN ('PENDIENTE', 'ACEPTADA')),
    (SELECT min(p."price_cents") FROM "proposals" p WHERE p."case_id" = c."id" AND p."status" IN ('PENDIENTE', 'ACEPTADA')),
    (SELECT count(*) FROM "cases" f WHERE f."user_id" = c."user_id" AND f."status" = 'FINALIZADO'),
    (SELECT count(*) FROM "cases" a WHERE a."user_id" = c."user_id" AND a."status" = 'ACTIVO')
  FROM "cases" c
  WHERE c."status" = 'PENDIENTE DE ASIGNACIÓN' AND c."addressed_lawyer_id" IS NULL;
