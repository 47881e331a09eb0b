-- Issue 17: the documents' search vector, kept by a trigger from title (A), SKU and tags (B),
-- description (C) and the current file's extracted text (D). The 'simple' configuration: the
-- texts are English and Norwegian, and no stemming beats the wrong language's (decision 027).
CREATE FUNCTION documents_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.sku, '') || ' ' || array_to_string(NEW.tags, ' ')), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C') ||
    setweight(to_tsvector('simple', coalesce(NEW.extracted_text, '')), 'D');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER documents_search_vector BEFORE INSERT OR UPDATE OF title, sku, tags, description, extracted_text
  ON documents FOR EACH ROW EXECUTE FUNCTION documents_search_vector();--> statement-breakpoint
-- A version's file goes to the clean-up when the version (or its document) is deleted.
CREATE FUNCTION document_versions_release_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stored_files SET deleted_at = now() WHERE key = OLD.file_key AND deleted_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER document_versions_release_files AFTER DELETE ON document_versions
  FOR EACH ROW EXECUTE FUNCTION document_versions_release_files();
