CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"mode" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"price_cents" integer NOT NULL,
	"payment_id" uuid,
	"checkout_url" text,
	"cancelled_by" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"reminded_24_at" timestamp with time zone,
	"reminded_1_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_availability" (
	"lawyer_id" uuid PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"slot_minutes" integer NOT NULL,
	"closed_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"modes" text[] NOT NULL,
	"office_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_availability" ADD CONSTRAINT "lawyer_availability_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_active_slot_key" ON "consultations" USING btree ("lawyer_id","start_at") WHERE "consultations"."status" in ('PENDIENTE_PAGO', 'RESERVADA');--> statement-breakpoint
CREATE INDEX "consultations_lawyer_idx" ON "consultations" USING btree ("lawyer_id","start_at");--> statement-breakpoint
CREATE INDEX "consultations_client_idx" ON "consultations" USING btree ("client_id","start_at");--> statement-breakpoint
CREATE INDEX "consultations_reminder_idx" ON "consultations" USING btree ("start_at") WHERE "consultations"."status" = 'RESERVADA';