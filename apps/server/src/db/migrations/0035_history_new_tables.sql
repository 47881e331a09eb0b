-- The tables and columns added beside the history (migrations 0027–0034) get it too (issue 26):
-- a new business table is attached with one line, an attached table that gained a column is
-- refreshed. The webhooks' events, deliveries and attempts are an outbox and its log (excluded
-- in history.coverage.test.ts); an endpoint's secrets never enter the history.
SELECT history_attach('webhook_endpoints', ARRAY['secret_sealed', 'previous_secret_sealed', 'previous_secret_expires_at']);--> statement-breakpoint
SELECT history_attach('estimates', '{}', ARRAY['service_orders=service_order_id']);--> statement-breakpoint
SELECT history_attach('service_reports', ARRAY['signature_png', 'file_key'], ARRAY['service_orders=service_order_id']);--> statement-breakpoint
SELECT history_attach('service_report_settings', '{}', '{}', ARRAY['service_partner_id']);--> statement-breakpoint
SELECT history_refresh('pricing_configs');--> statement-breakpoint
SELECT history_refresh('work_logs');
