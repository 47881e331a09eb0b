CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lines" jsonb NOT NULL,
	"labour_minutes" integer NOT NULL,
	"labour_rate_minor" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"valid_until" date NOT NULL,
	"note_to_customer" text,
	"sent_at" timestamp with time zone,
	"sent_via" text,
	"opened_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"approved_name" text,
	"decline_comment" text,
	"reminder_sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pricing_configs" ADD COLUMN "vat_rate_bp" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_order_version_key" ON "estimates" USING btree ("service_order_id","version");--> statement-breakpoint
CREATE INDEX "estimates_partner_status_idx" ON "estimates" USING btree ("service_partner_id","status","valid_until");