-- The partner's identity (issue 27's logo, issue 31 item 13; docs/decisions/077-partner-identity.md):
-- contact details and the logo that the customer's pages and the service report carry. One row per
-- partner, written on first save. The logo is a file in the one file store (stored_files ledger):
-- `logo_id` is made new for each upload and is the logo's public address; replacing or removing
-- the logo, or deleting the row, hands the old file to the clean-up (the trigger below).
CREATE TABLE IF NOT EXISTS "partner_identities" (
	"service_partner_id" uuid PRIMARY KEY NOT NULL REFERENCES "service_partners"("id") ON DELETE cascade,
	"phone" text,
	"email" text,
	"address" text,
	"website" text,
	"logo_id" uuid,
	"logo_key" text,
	"logo_content_type" text,
	"logo_width" integer,
	"logo_height" integer,
	"logo_bytes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "partner_identities_logo_complete" CHECK (
		("logo_id" IS NULL) = ("logo_key" IS NULL)
		AND ("logo_id" IS NULL) = ("logo_content_type" IS NULL)
		AND ("logo_id" IS NULL) = ("logo_width" IS NULL)
		AND ("logo_id" IS NULL) = ("logo_height" IS NULL)
		AND ("logo_id" IS NULL) = ("logo_bytes" IS NULL)
	),
	CONSTRAINT "partner_identities_logo_type" CHECK ("logo_content_type" IN ('image/png', 'image/jpeg'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "partner_identities_logo_id_key" ON "partner_identities" USING btree ("logo_id");--> statement-breakpoint
-- A replaced, removed or deleted logo goes to the clean-up (as 0011 does for images).
CREATE OR REPLACE FUNCTION partner_identities_release_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.logo_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.logo_key IS DISTINCT FROM OLD.logo_key) THEN
    UPDATE stored_files SET deleted_at = now() WHERE key = OLD.logo_key AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS partner_identities_release_files ON partner_identities;--> statement-breakpoint
CREATE TRIGGER partner_identities_release_files AFTER UPDATE OR DELETE ON partner_identities
  FOR EACH ROW EXECUTE FUNCTION partner_identities_release_files();--> statement-breakpoint
-- Who changed the contact details or the logo (the file's key and measurements are not business fields).
SELECT history_attach('partner_identities',
  ARRAY['logo_key', 'logo_content_type', 'logo_width', 'logo_height', 'logo_bytes'], '{}', ARRAY['service_partner_id']);
