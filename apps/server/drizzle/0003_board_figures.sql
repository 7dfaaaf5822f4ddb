DROP INDEX "cases_board_search_idx";--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish', search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "proposals_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "lowest_proposal_cents" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "client_finished_cases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "client_active_cases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cases_addressed_idx" ON "cases" USING btree ("addressed_lawyer_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_board_recent_idx" ON "cases" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
CREATE INDEX "cases_board_category_idx" ON "cases" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
CREATE INDEX "cases_board_price_idx" ON "cases" USING btree ("lowest_proposal_cents","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
CREATE INDEX "cases_board_price_desc_idx" ON "cases" USING btree ("lowest_proposal_cents" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
CREATE INDEX "cases_board_finished_idx" ON "cases" USING btree ("client_finished_cases" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
CREATE INDEX "cases_board_active_idx" ON "cases" USING btree ("client_active_cases" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
CREATE INDEX "cases_board_search_idx" ON "cases" USING gin ("search_vector") WHERE "cases"."status" = 'PENDIENTE DE ASIGNACIÓN' and "cases"."addressed_lawyer_id" is null;--> statement-breakpoint
-- existing cases get the figures the app now writes with them (search text without accents, as searchableText)
UPDATE "cases" SET
  "search_text" = trim(regexp_replace(regexp_replace(translate(lower("title" || ' ' || "description"),
    'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc'), '[^a-z0-9\s]', ' ', 'g'), '\s+', ' ', 'g')),
  "proposals_count" = (SELECT count(*) FROM "proposals" p WHERE p."case_id" = "cases"."id" AND p."status" IN ('PENDIENTE', 'ACEPTADA')),
  "lowest_proposal_cents" = (SELECT min(p."price_cents") FROM "proposals" p WHERE p."case_id" = "cases"."id" AND p."status" IN ('PENDIENTE', 'ACEPTADA')),
  "client_finished_cases" = (SELECT count(*) FROM "cases" c WHERE c."user_id" = "cases"."user_id" AND c."status" = 'FINALIZADO'),
  "client_active_cases" = (SELECT count(*) FROM "cases" c WHERE c."user_id" = "cases"."user_id" AND c."status" = 'ACTIVO');
