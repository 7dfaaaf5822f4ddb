ALTER TABLE "verifactu_records" ADD COLUMN "submission_code" text;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submission_message" text;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submission_csv" text;