CREATE TABLE "partner_products" (
	"service_partner_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"service_interval_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "partner_products_service_partner_id_product_id_pk" PRIMARY KEY("service_partner_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_after" timestamp with time zone,
	"cursor" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watermark" timestamp with time zone,
	"expected_total" integer
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"shopify_id" text NOT NULL,
	"position" integer NOT NULL,
	"sku" text,
	"barcode" text,
	"price_minor" integer,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"inventory_quantity" integer
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_id" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"status" text NOT NULL,
	"vendor" text,
	"product_type" text,
	"type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"image_alt" text,
	"search_text" text NOT NULL,
	"shop_updated_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"last_seen_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_webhook_deliveries" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_products" ADD CONSTRAINT "partner_products_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_products" ADD CONSTRAINT "partner_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sync_runs_started_idx" ON "product_sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sync_runs_one_running_key" ON "product_sync_runs" USING btree ("status") WHERE "product_sync_runs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_shopify_id_key" ON "product_variants" USING btree ("shopify_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shopify_id_key" ON "products" USING btree ("shopify_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "shop_webhook_deliveries_received_idx" ON "shop_webhook_deliveries" USING btree ("received_at");