CREATE TABLE "shop_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_session_token_uses" (
	"jti" text PRIMARY KEY NOT NULL,
	"keep_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_user_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop" text NOT NULL,
	"shop_user_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"draft_order_id" text,
	"name" text,
	"shop_status" text,
	"invoice_url" text,
	"admin_url" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_user_links" ADD CONSTRAINT "shop_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_links" ADD CONSTRAINT "shop_user_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_oauth_states_expires_idx" ON "shop_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shop_session_token_uses_keep_idx" ON "shop_session_token_uses" USING btree ("keep_until");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_user_links_shop_user_key" ON "shop_user_links" USING btree ("shop","shop_user_id");--> statement-breakpoint
CREATE INDEX "shop_user_links_user_idx" ON "shop_user_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_service_order_key" ON "shop_orders" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_partner_idx" ON "shop_orders" USING btree ("service_partner_id");