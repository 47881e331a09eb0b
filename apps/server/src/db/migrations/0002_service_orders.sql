CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"phone_digits" text,
	"address" text,
	"notes" text,
	"merged_into_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"user_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"job_title" text,
	"department" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"service_partner_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "order_number_counters_service_partner_id_year_pk" PRIMARY KEY("service_partner_id","year")
);
--> statement-breakpoint
CREATE TABLE "service_order_spare_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"part_number" text NOT NULL,
	"part_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"supplier" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"title" text NOT NULL,
	"service_type" text NOT NULL,
	"priority" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"serial_number" text,
	"related_product_id" uuid,
	"estimated_cost_minor" integer,
	"currency" text NOT NULL,
	"scheduled_date" date,
	"assigned_technician_id" uuid,
	"customer_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"customer_address" text,
	"internal_notes" text,
	"warehouse_location_id" uuid,
	"completion_notes" text,
	"checkpoints" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_spare_parts" ADD CONSTRAINT "service_order_spare_parts_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_spare_parts" ADD CONSTRAINT "service_order_spare_parts_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_status_history" ADD CONSTRAINT "service_order_status_history_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_status_history" ADD CONSTRAINT "service_order_status_history_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_status_history" ADD CONSTRAINT "service_order_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_assigned_technician_id_technicians_id_fk" FOREIGN KEY ("assigned_technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_warehouse_location_id_warehouse_locations_id_fk" FOREIGN KEY ("warehouse_location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_partner_email_idx" ON "customers" USING btree ("service_partner_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_partner_phone_idx" ON "customers" USING btree ("service_partner_id","phone_digits");--> statement-breakpoint
CREATE INDEX "customers_partner_name_idx" ON "customers" USING btree ("service_partner_id","name");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("service_partner_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "technicians_partner_name_idx" ON "technicians" USING btree ("service_partner_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "technicians_partner_email_idx" ON "technicians" USING btree ("service_partner_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_locations_partner_name_key" ON "warehouse_locations" USING btree ("service_partner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "spare_parts_order_idx" ON "service_order_spare_parts" USING btree ("service_order_id","position");--> statement-breakpoint
CREATE INDEX "spare_parts_partner_supplier_idx" ON "service_order_spare_parts" USING btree ("service_partner_id","supplier");--> statement-breakpoint
CREATE INDEX "status_history_order_idx" ON "service_order_status_history" USING btree ("service_order_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_partner_number_key" ON "service_orders" USING btree ("service_partner_id","order_number");--> statement-breakpoint
CREATE INDEX "service_orders_partner_created_idx" ON "service_orders" USING btree ("service_partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_orders_partner_status_created_idx" ON "service_orders" USING btree ("service_partner_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_orders_partner_customer_idx" ON "service_orders" USING btree ("service_partner_id","customer_id");--> statement-breakpoint
CREATE INDEX "service_orders_partner_technician_idx" ON "service_orders" USING btree ("service_partner_id","assigned_technician_id");--> statement-breakpoint
CREATE INDEX "service_orders_partner_warehouse_idx" ON "service_orders" USING btree ("service_partner_id","warehouse_location_id");--> statement-breakpoint
CREATE INDEX "service_orders_search_trgm_idx" ON "service_orders" USING gin ("service_partner_id","order_number" gin_trgm_ops,"customer_name" gin_trgm_ops,"customer_email" gin_trgm_ops,coalesce("customer_phone", '') gin_trgm_ops,coalesce("serial_number", '') gin_trgm_ops);