-- Trigram search (order number, customer, e-mail, phone, serial number) and btree_gin so that
-- trigram indexes can lead with the tenant column.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
