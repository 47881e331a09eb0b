-- Issue 31 item 10: merging two customers (docs/decisions/079-customer-merge.md). One row per merge,
-- written in the merge's transaction: who was merged into whom, which fields were taken from the
-- merged customer, and how many records of each kind moved. Its history shows on the surviving
-- customer's page (subject customers=survivor_id), with the user who merged as the actor.
CREATE TABLE IF NOT EXISTS "customer_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL REFERENCES "service_partners"("id") ON DELETE restrict,
	"survivor_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"source_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"source_name" text NOT NULL,
	"taken_fields" text[] NOT NULL,
	"moved" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_merges_survivor_idx" ON "customer_merges" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_merges_source_idx" ON "customer_merges" USING btree ("source_id");--> statement-breakpoint
SELECT history_attach('customer_merges', '{}', ARRAY['customers=survivor_id']);
