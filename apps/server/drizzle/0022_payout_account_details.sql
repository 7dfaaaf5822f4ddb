ALTER TABLE "payout_accounts" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "bank_last4" text;