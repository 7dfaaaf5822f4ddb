ALTER TABLE "consultations" DROP CONSTRAINT "consultations_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "case_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "case_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "case_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "case_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "proposal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_consultation_key" ON "transfers" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "payments_consultation_idx" ON "payments" USING btree ("consultation_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subject_check" CHECK (("invoices"."case_id" is null) <> ("invoices"."consultation_id" is null));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subject_check" CHECK (("refunds"."case_id" is null) <> ("refunds"."consultation_id" is null));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_subject_check" CHECK (("transfers"."case_id" is null) <> ("transfers"."consultation_id" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subject_check" CHECK (("payments"."case_id" is not null and "payments"."proposal_id" is not null and "payments"."consultation_id" is null) or ("payments"."case_id" is null and "payments"."proposal_id" is null and "payments"."consultation_id" is not null));