CREATE TABLE "case_alert_digests" (
	"lawyer_id" uuid PRIMARY KEY NOT NULL,
	"last_day" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_alert_jobs" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cursor" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "case_alerts" (
	"case_id" uuid NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"mail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "case_alerts_case_id_lawyer_id_pk" PRIMARY KEY("case_id","lawyer_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"category" text,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_alert_digests" ADD CONSTRAINT "case_alert_digests_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alert_jobs" ADD CONSTRAINT "case_alert_jobs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_alert_jobs_due_idx" ON "case_alert_jobs" USING btree ("next_attempt_at") WHERE "case_alert_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "case_alerts_digest_idx" ON "case_alerts" USING btree ("lawyer_id","created_at") WHERE "case_alerts"."mail" = 'daily' and "case_alerts"."digested_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_lawyer_idx" ON "saved_searches" USING btree ("lawyer_id","created_at");