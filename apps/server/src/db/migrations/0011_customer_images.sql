CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"service_partner_id" uuid,
	"content_type" text NOT NULL,
	"bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"service_order_id" uuid PRIMARY KEY NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"upload_link_id" uuid,
	"technician_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_via" text NOT NULL,
	"communication_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"bytes_used" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_verification_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_partner_id" uuid NOT NULL,
	"service_order_id" uuid NOT NULL,
	"upload_link_id" uuid,
	"source" text NOT NULL,
	"category" text NOT NULL,
	"moment" text,
	"description" text,
	"uploaded_by" uuid,
	"original_key" text NOT NULL,
	"original_type" text NOT NULL,
	"original_name" text NOT NULL,
	"original_bytes" integer NOT NULL,
	"display_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_upload_link_id_upload_links_id_fk" FOREIGN KEY ("upload_link_id") REFERENCES "public"."upload_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_links" ADD CONSTRAINT "upload_links_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_links" ADD CONSTRAINT "upload_links_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_links" ADD CONSTRAINT "upload_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_upload_link_id_upload_links_id_fk" FOREIGN KEY ("upload_link_id") REFERENCES "public"."upload_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_uncommitted_idx" ON "stored_files" USING btree ("created_at") WHERE committed_at is null;--> statement-breakpoint
CREATE INDEX "stored_files_deleted_idx" ON "stored_files" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "order_ratings_partner_idx" ON "order_ratings" USING btree ("service_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "order_ratings_technician_idx" ON "order_ratings" USING btree ("technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_links_token_hash_key" ON "upload_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "upload_links_order_idx" ON "upload_links" USING btree ("service_order_id","expires_at");--> statement-breakpoint
CREATE INDEX "upload_verification_failures_subject_idx" ON "upload_verification_failures" USING btree ("subject","at");--> statement-breakpoint
CREATE INDEX "images_order_idx" ON "images" USING btree ("service_order_id","created_at");--> statement-breakpoint
-- An image that goes (deleted, or with its order) marks its three files for the clean-up.
CREATE FUNCTION images_release_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stored_files SET deleted_at = now()
  WHERE key IN (OLD.original_key, OLD.display_key, OLD.thumbnail_key) AND deleted_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER images_release_files AFTER DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION images_release_files();
