-- Issue 33 (item 4): the info center's search ranks by a small vector, and the rentals calendar
-- finds returned reservations by return day (bench/README.md, "New screens").
-- rank_vector: title (A), SKU and tags (B), description (C), without the file's text (kept, and
-- matched, in search_vector). It stays in the row, so ranking thousands of matches no longer reads
-- each one's whole text vector out of TOAST.
ALTER TABLE "documents" ADD COLUMN "rank_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "rentals_partner_returned_idx" ON "rentals" USING btree ("service_partner_id","returned_date");--> statement-breakpoint
CREATE OR REPLACE FUNCTION documents_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rank_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.sku, '') || ' ' || array_to_string(NEW.tags, ' ')), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C');
  NEW.search_vector :=
    NEW.rank_vector || setweight(to_tsvector('simple', coalesce(NEW.extracted_text, '')), 'D');
  RETURN NEW;
END $$;--> statement-breakpoint
-- The history leaves the derived vector out, as it does search_vector.
SELECT history_attach('documents', ARRAY['search_vector', 'extracted_text', 'rank_vector']);--> statement-breakpoint
-- Existing documents: the trigger fires on the title (and computes both vectors alike).
ALTER TABLE "documents" DISABLE TRIGGER history_update;--> statement-breakpoint
UPDATE "documents" SET "title" = "title";--> statement-breakpoint
ALTER TABLE "documents" ENABLE TRIGGER history_update;
