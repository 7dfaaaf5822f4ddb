ALTER TABLE "payments" ADD COLUMN "irpf_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "withheld_cents" integer DEFAULT 0 NOT NULL;