CREATE TABLE "technician_days_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"date" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "working_hours" jsonb DEFAULT '[{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},null,null]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "scheduled_start" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "estimated_minutes" integer;--> statement-breakpoint
ALTER TABLE "pricing_configs" ADD COLUMN "default_durations" jsonb DEFAULT '{"repair":null,"maintenance":null,"warranty":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "technician_days_off" ADD CONSTRAINT "technician_days_off_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_days_off" ADD CONSTRAINT "technician_days_off_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "technician_days_off_technician_date_key" ON "technician_days_off" USING btree ("technician_id","date");--> statement-breakpoint
CREATE INDEX "technician_days_off_partner_date_idx" ON "technician_days_off" USING btree ("service_partner_id","date");--> statement-breakpoint
CREATE INDEX "service_orders_partner_schedule_idx" ON "service_orders" USING btree ("service_partner_id","scheduled_date","assigned_technician_id") WHERE "service_orders"."scheduled_date" is not null;--> statement-breakpoint
CREATE INDEX "service_orders_partner_updated_idx" ON "service_orders" USING btree ("service_partner_id","updated_at");--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_estimated_minutes_positive" CHECK ("service_orders"."estimated_minutes" > 0);--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_scheduled_start_format" CHECK ("service_orders"."scheduled_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
