CREATE TABLE "rental_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"serial_number" text NOT NULL,
	"condition" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"catalog_product_id" uuid,
	"late_fee_per_day_minor" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_reminders" (
	"rental_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"communication_id" uuid,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_reminders_rental_id_kind_pk" PRIMARY KEY("rental_id","kind")
);
--> statement-breakpoint
CREATE TABLE "rental_settings" (
	"service_partner_id" uuid PRIMARY KEY NOT NULL,
	"reminder_method" text NOT NULL,
	"reminder_days_before" integer NOT NULL,
	"send_overdue_reminder" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"rental_product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"start_date" date NOT NULL,
	"due_date" date NOT NULL,
	"returned_date" date,
	"daily_rate_minor" integer NOT NULL,
	"weekly_rate_minor" integer,
	"late_fee_per_day_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"deposit_minor" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"return_condition" text,
	"return_notes" text,
	"charges" jsonb,
	"total_minor" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_products" ADD CONSTRAINT "rental_products_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_reminders" ADD CONSTRAINT "rental_reminders_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_reminders" ADD CONSTRAINT "rental_reminders_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_reminders" ADD CONSTRAINT "rental_reminders_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_settings" ADD CONSTRAINT "rental_settings_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_rental_product_id_rental_products_id_fk" FOREIGN KEY ("rental_product_id") REFERENCES "public"."rental_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_products_partner_serial_key" ON "rental_products" USING btree ("service_partner_id",lower("serial_number"));--> statement-breakpoint
CREATE INDEX "rental_products_partner_name_idx" ON "rental_products" USING btree ("service_partner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "rentals_partner_created_idx" ON "rentals" USING btree ("service_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "rentals_partner_status_due_idx" ON "rentals" USING btree ("service_partner_id","status","due_date");--> statement-breakpoint
CREATE INDEX "rentals_product_idx" ON "rentals" USING btree ("rental_product_id","start_date");--> statement-breakpoint
CREATE INDEX "rentals_customer_idx" ON "rentals" USING btree ("customer_id");