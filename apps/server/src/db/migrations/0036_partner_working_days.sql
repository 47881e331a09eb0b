-- The partner's working days (issue 25): Monday..Sunday flags beside the default durations the
-- board plans with; Monday to Friday until the partner says otherwise. The history trigger of
-- pricing_configs is refreshed so the new column is recorded like the others.
ALTER TABLE "pricing_configs" ADD COLUMN IF NOT EXISTS "working_days" jsonb DEFAULT '[true,true,true,true,true,false,false]'::jsonb NOT NULL;--> statement-breakpoint
SELECT history_refresh('pricing_configs');
