CREATE TABLE "job_effects" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"unique_key" text,
	"singleton_key" text,
	"schedule_slot" timestamp with time zone,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"progress_current" integer,
	"progress_total" integer,
	"last_error" text,
	"request_id" text,
	"service_partner_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_state_created_idx" ON "jobs" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key" ON "jobs" USING btree ("unique_key") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_running_key" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_schedule_slot_key" ON "jobs" USING btree ("name","schedule_slot");--> statement-breakpoint
-- Idle runners of every instance wake when a job is queued (docs/decisions/015-job-runner.md);
-- they also poll, so a lost notification only delays a job by one poll interval.
CREATE FUNCTION "notify_job_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('job_queued', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_queued" AFTER INSERT ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_job_queued"();
