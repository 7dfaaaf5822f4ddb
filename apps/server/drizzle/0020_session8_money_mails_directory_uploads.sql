ALTER TABLE "notification_mails" DROP CONSTRAINT "notification_mails_email_verification_id_unique";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_amount_check";--> statement-breakpoint
ALTER TABLE "notification_mails" DROP CONSTRAINT "notification_mails_one_subject";--> statement-breakpoint
ALTER TABLE "notification_mails" DROP CONSTRAINT "notification_mails_email_verification_id_email_verifications_id_fk";
--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ALTER COLUMN "price_first_visit_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ALTER COLUMN "price_first_visit_cents" DROP NOT NULL;--> statement-breakpoint
-- a 0 of a first visit not marked free was the column's silent default, never a price the lawyer gave
UPDATE "lawyer_profiles" SET "price_first_visit_cents" = NULL WHERE "price_first_visit_cents" = 0 AND NOT "first_visit_free";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submission_code" text;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submission_message" text;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submission_csv" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "reversed_outside_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
-- the address-verification mails become account mails of kind 'email-verification', about their link
UPDATE "notification_mails" SET "kind" = 'email-verification', "subject_id" = "email_verification_id", "user_id" = (SELECT "user_id" FROM "email_verifications" WHERE "email_verifications"."id" = "notification_mails"."email_verification_id") WHERE "email_verification_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "irpf_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "withheld_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_url_idx" ON "uploads" USING btree ("url");--> statement-breakpoint
CREATE INDEX "notification_mails_user_idx" ON "notification_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_mails_finished_idx" ON "notification_mails" USING btree ("created_at") WHERE "notification_mails"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_slug_prefix_idx" ON "lawyer_profiles" USING btree ("slug" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "notification_mails" DROP COLUMN "email_verification_id";--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_amount_check" CHECK ("transfers"."amount_cents" >= 0 and "transfers"."reversed_cents" >= 0 and "transfers"."reversed_outside_cents" between 0 and "transfers"."reversed_cents");--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_one_subject" CHECK (("notification_mails"."notification_id" is not null and "notification_mails"."kind" is null and "notification_mails"."user_id" is null) or ("notification_mails"."notification_id" is null and "notification_mails"."kind" is not null and "notification_mails"."user_id" is not null));