CREATE INDEX "notification_mails_finished_idx" ON "notification_mails" USING btree ("created_at") WHERE "notification_mails"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_slug_prefix_idx" ON "lawyer_profiles" USING btree ("slug" text_pattern_ops);