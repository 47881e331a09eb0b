CREATE TABLE "service_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"language" text,
	"signer_name" text,
	"signature_kind" text,
	"signature_png" bytea,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"file_key" text,
	"pdf_bytes" integer,
	"sha256" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_report_settings" (
	"service_partner_id" uuid PRIMARY KEY NOT NULL,
	"require_signature" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_report_settings" ADD CONSTRAINT "service_report_settings_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_reports_order_key" ON "service_reports" USING btree ("service_order_id");--> statement-breakpoint
-- The report's PDF goes to the clean-up when the report (or its order) is deleted.
CREATE FUNCTION service_reports_release_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.file_key IS NOT NULL THEN
    UPDATE stored_files SET deleted_at = now() WHERE key = OLD.file_key AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER service_reports_release_files AFTER DELETE ON service_reports
  FOR EACH ROW EXECUTE FUNCTION service_reports_release_files();
