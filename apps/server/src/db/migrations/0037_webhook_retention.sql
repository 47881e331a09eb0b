-- Webhook retention (issue 29, decision 063): the daily job deletes old finished events; their
-- deliveries and attempts go by cascade, which needs the foreign keys indexed.
CREATE INDEX IF NOT EXISTS "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");
