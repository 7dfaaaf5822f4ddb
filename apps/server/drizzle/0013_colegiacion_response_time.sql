ALTER TABLE "chats" ADD COLUMN "first_client_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "bar_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "bar_checked_by" uuid;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "response_minutes" integer;--> statement-breakpoint
CREATE INDEX "chats_lawyer_reply_idx" ON "chats" USING btree ("lawyer_id","first_reply_at") WHERE "chats"."first_reply_at" is not null;