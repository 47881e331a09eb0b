-- Issue 31 item 12: alerts for what needs a person (docs/decisions/078-alerts.md). One row per
-- thing that happened (a customer's photos, a rating) or per episode of a state (a rental overdue
-- since its due date, an order stuck in a status since it entered it): `dedupe_key` is unique per
-- partner, so the hourly job may run any number of times and makes each alert once.
CREATE TABLE IF NOT EXISTS "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL REFERENCES "service_partners"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_kind_check" CHECK ("kind" IN ('customer_photos', 'customer_rating', 'rental_overdue', 'order_stalled')),
	CONSTRAINT "alerts_subject_type_check" CHECK ("subject_type" IN ('order', 'rental'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "alerts_partner_dedupe_key" ON "alerts" USING btree ("service_partner_id","dedupe_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alerts_partner_created_idx" ON "alerts" USING btree ("service_partner_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alerts_subject_idx" ON "alerts" USING btree ("subject_id");--> statement-breakpoint
-- Read state per user: one row per alert a user read; "mark all read" moves the user's mark
-- instead of writing a row per alert.
CREATE TABLE IF NOT EXISTS "alert_reads" (
	"alert_id" uuid NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_pkey" PRIMARY KEY ("user_id","alert_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alert_reads_alert_idx" ON "alert_reads" USING btree ("alert_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_read_marks" (
	"service_partner_id" uuid NOT NULL REFERENCES "service_partners"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"read_before" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_read_marks_pkey" PRIMARY KEY ("user_id","service_partner_id")
);--> statement-breakpoint
-- The partner's setting: days an open order may stay in one status before it is an alert (0 = off).
CREATE TABLE IF NOT EXISTS "alert_settings" (
	"service_partner_id" uuid PRIMARY KEY NOT NULL REFERENCES "service_partners"("id") ON DELETE cascade,
	"stalled_after_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "alert_settings_stalled_after_days_check" CHECK ("stalled_after_days" BETWEEN 0 AND 365)
);--> statement-breakpoint
SELECT history_attach('alert_settings', '{}', '{}', ARRAY['service_partner_id']);
