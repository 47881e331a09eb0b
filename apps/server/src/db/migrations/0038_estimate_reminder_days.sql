-- The days before an estimate's last valid day that the customer is reminded (issue 27): the
-- partner's setting beside the VAT rate, 3 until the partner says otherwise, 0 = no reminder.
-- The history trigger of pricing_configs is refreshed so the new column is recorded like the others.
ALTER TABLE "pricing_configs" ADD COLUMN IF NOT EXISTS "estimate_reminder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "pricing_configs" ADD CONSTRAINT "pricing_configs_estimate_reminder_days_check"
    CHECK ("estimate_reminder_days" BETWEEN 0 AND 30);
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
SELECT history_refresh('pricing_configs');
