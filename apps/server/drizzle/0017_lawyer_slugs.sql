ALTER TABLE "lawyer_profiles" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_profiles_slug_key" ON "lawyer_profiles" USING btree ("slug");