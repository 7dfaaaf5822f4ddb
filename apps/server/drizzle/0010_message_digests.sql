CREATE TABLE "message_digests" (
	"chat_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	CONSTRAINT "message_digests_chat_id_user_id_pk" PRIMARY KEY("chat_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "message_digests" ADD CONSTRAINT "message_digests_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_digests" ADD CONSTRAINT "message_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;