CREATE TABLE "category_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"category" text NOT NULL,
	"pricing_type" text NOT NULL,
	"price_minor" integer NOT NULL,
	"interval_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_configs" (
	"service_partner_id" uuid PRIMARY KEY NOT NULL,
	"default_hourly_rate_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"rounding_interval_minutes" integer NOT NULL,
	"rounding_direction" text NOT NULL,
	"default_daily_rental_rate_minor" integer,
	"default_weekly_rental_rate_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_product_pricing" (
	"service_partner_id" uuid NOT NULL,
	"rental_product_id" uuid NOT NULL,
	"period" text NOT NULL,
	"price_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rental_product_pricing_service_partner_id_rental_product_id_period_pk" PRIMARY KEY("service_partner_id","rental_product_id","period")
);
--> statement-breakpoint
CREATE TABLE "work_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"notes" text,
	"user_id" uuid,
	"timer_started_at" timestamp with time zone,
	"tracked_seconds" integer DEFAULT 0 NOT NULL,
	"manual_minutes" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"billed_minutes" integer,
	"pricing_type" text,
	"unit_price_minor" integer,
	"cost_minor" integer,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid,
	"customer_id" uuid,
	"customer_name" text,
	"subject" text,
	"message" text NOT NULL,
	"delivery_notes" text,
	"method" text NOT NULL,
	"direction" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_by" uuid,
	"customer_response" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_address" text,
	"to_address" text,
	"delivery_status" text NOT NULL,
	"delivery_error" text,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"reply_token" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_replay_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_pricing" ADD CONSTRAINT "category_pricing_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_configs" ADD CONSTRAINT "pricing_configs_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_product_pricing" ADD CONSTRAINT "rental_product_pricing_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_pricing_partner_category_key" ON "category_pricing" USING btree ("service_partner_id","category");--> statement-breakpoint
CREATE INDEX "work_logs_order_idx" ON "work_logs" USING btree ("service_order_id","created_at");--> statement-breakpoint
CREATE INDEX "work_logs_partner_user_idx" ON "work_logs" USING btree ("service_partner_id","user_id");--> statement-breakpoint
CREATE INDEX "communications_order_idx" ON "communications" USING btree ("service_order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "communications_partner_unread_idx" ON "communications" USING btree ("service_partner_id","direction","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "communications_reply_token_key" ON "communications" USING btree ("reply_token");--> statement-breakpoint
CREATE UNIQUE INDEX "communications_message_id_key" ON "communications" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communications_provider_message_key" ON "communications" USING btree ("method","provider_message_id");