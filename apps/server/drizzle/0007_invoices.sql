CREATE TABLE "fiscal_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nif" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"is_business" boolean DEFAULT false NOT NULL,
	"irpf_rate" smallint,
	"invoicing_consent" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"issuer_nif" text NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_issuer_nif_series_pk" PRIMARY KEY("issuer_nif","series")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"num_serie" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issuer_user_id" uuid,
	"issuer_nif" text NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_address" text NOT NULL,
	"recipient_user_id" uuid,
	"recipient_nif" text,
	"recipient_name" text NOT NULL,
	"recipient_address" text,
	"issued_by_third_party" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"base_cents" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	"vat_cents" integer NOT NULL,
	"irpf_rate" smallint NOT NULL,
	"irpf_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"rectifies_id" uuid,
	"case_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_chains" (
	"issuer_nif" text PRIMARY KEY NOT NULL,
	"last_position" integer NOT NULL,
	"last_huella" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_nif" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issuer_name" text NOT NULL,
	"num_serie" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text NOT NULL,
	"cuota_total" text NOT NULL,
	"importe_total" text NOT NULL,
	"previous_huella" text NOT NULL,
	"huella" text NOT NULL,
	"generated_at" text NOT NULL,
	"submission" text DEFAULT 'PENDIENTE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_records_huella_hex" CHECK ("verifactu_records"."huella" ~ '^[0-9A-F]{64}$')
);
--> statement-breakpoint
ALTER TABLE "fiscal_profiles" ADD CONSTRAINT "fiscal_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issuer_user_id_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_key" ON "invoices" USING btree ("issuer_nif","series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_kind_key" ON "invoices" USING btree ("payment_id","kind") WHERE "invoices"."kind" <> 'rectifying';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_rectifies_key" ON "invoices" USING btree ("rectifies_id");--> statement-breakpoint
CREATE INDEX "invoices_issuer_idx" ON "invoices" USING btree ("issuer_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_recipient_idx" ON "invoices" USING btree ("recipient_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_chain_key" ON "verifactu_records" USING btree ("issuer_nif","position");--> statement-breakpoint
CREATE INDEX "verifactu_records_invoice_idx" ON "verifactu_records" USING btree ("invoice_id");