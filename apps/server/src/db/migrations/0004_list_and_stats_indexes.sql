DROP INDEX "service_orders_partner_created_idx";--> statement-breakpoint
DROP INDEX "service_orders_partner_status_created_idx";--> statement-breakpoint
CREATE INDEX "service_orders_partner_stats_idx" ON "service_orders" USING btree ("service_partner_id","status","priority","service_type","created_at","completed_at");--> statement-breakpoint
CREATE INDEX "service_orders_phone_digits_trgm_idx" ON "service_orders" USING gin ("service_partner_id",regexp_replace(coalesce("customer_phone", ''), '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_orders_partner_created_idx" ON "service_orders" USING btree ("service_partner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_orders_partner_status_created_idx" ON "service_orders" USING btree ("service_partner_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);