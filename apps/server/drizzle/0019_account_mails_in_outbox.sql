ALTER TABLE "notification_mails" DROP CONSTRAINT "notification_mails_one_subject";--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the address-verification mails become account mails of kind 'email-verification', about their link
UPDATE "notification_mails" SET "kind" = 'email-verification', "subject_id" = "email_verification_id", "user_id" = (SELECT "user_id" FROM "email_verifications" WHERE "email_verifications"."id" = "notification_mails"."email_verification_id") WHERE "email_verification_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_mails_user_idx" ON "notification_mails" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_one_subject" CHECK (("notification_mails"."notification_id" is not null and "notification_mails"."kind" is null and "notification_mails"."user_id" is null) or ("notification_mails"."notification_id" is null and "notification_mails"."kind" is not null and "notification_mails"."user_id" is not null));