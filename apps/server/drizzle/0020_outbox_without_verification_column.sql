ALTER TABLE "notification_mails" DROP CONSTRAINT "notification_mails_email_verification_id_unique";--> statement-breakpoint
ALTER TABLE "notification_mails" DROP CONSTRAINT "notification_mails_email_verification_id_email_verifications_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_mails" DROP COLUMN "email_verification_id";