ALTER TABLE "work_logs" ADD COLUMN "technician_id" uuid;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "billable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_logs_partner_technician_idx" ON "work_logs" USING btree ("service_partner_id","technician_id");
