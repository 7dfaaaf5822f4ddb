ALTER TABLE "lawyer_profiles" ALTER COLUMN "price_first_visit_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ALTER COLUMN "price_first_visit_cents" DROP NOT NULL;--> statement-breakpoint
-- docs/domain.md, Lawyers' prices: a 0 of a first visit not marked free was the column's silent default, never a price the lawyer gave
UPDATE "lawyer_profiles" SET "price_first_visit_cents" = NULL WHERE "price_first_visit_cents" = 0 AND NOT "first_visit_free";
