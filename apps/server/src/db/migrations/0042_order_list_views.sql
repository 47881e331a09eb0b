-- Issue 31 item 9: the order list as a working tool (docs/decisions/070-order-list-views.md).
-- Saved views of the list, each one user's own within a partner; a user's screen settings, not
-- business data, so no history (history.coverage.test.ts names the table).
CREATE TABLE IF NOT EXISTS "service_order_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL REFERENCES "service_partners"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "service_order_views_owner_name_key" ON "service_order_views" USING btree ("service_partner_id","user_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_order_views_user_idx" ON "service_order_views" USING btree ("user_id");--> statement-breakpoint
-- Search in titles and descriptions: their own token index (the same tokens as 0006), so the
-- contact fields' index stays as selective as before.
CREATE INDEX IF NOT EXISTS "service_orders_text_tokens_idx" ON "service_orders" USING gin (so_search_tokens("service_partner_id", "title", "description"));
