-- Field-level history (issue 26, docs/decisions/058-field-history-in-the-database.md): triggers on
-- every business table (history_attach) write one row per changed field into history_events. The actor and the
-- request come from transaction-local settings (app.actor_kind, app.actor_id, app.actor_name,
-- app.request_id, app.partner_id) that the server sets around every write (db/actor-db.ts);
-- without them the actor is 'system'. Partitioned by month so that retention drops whole months.
CREATE SEQUENCE "history_events_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "history_events" (
	"id" bigint DEFAULT nextval('history_events_id_seq') NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"service_partner_id" uuid,
	"table_name" text NOT NULL,
	"record_id" text NOT NULL,
	"subject_table" text NOT NULL,
	"subject_id" text NOT NULL,
	"operation" text NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"request_id" text
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
ALTER SEQUENCE "history_events_id_seq" OWNED BY "history_events"."id";
--> statement-breakpoint
-- Catches rows of a month whose partition is missing (the retention job makes them ahead).
CREATE TABLE "history_events_default" PARTITION OF "history_events" DEFAULT;
--> statement-breakpoint
ALTER TABLE "service_partners" ADD COLUMN "history_retention_months" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
CREATE INDEX "history_events_subject_idx" ON "history_events" USING btree ("subject_table","subject_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
-- Time-ordered appends: a BRIN index finds old months for per-partner retention and the global
-- search by time at a fraction of a btree's cost on every write.
CREATE INDEX "history_events_time_brin_idx" ON "history_events" USING brin ("occurred_at");
--> statement-breakpoint
-- The month partition of `month` (any day in it), made if missing; rows of that month caught by
-- the default partition meanwhile are moved into it.
CREATE FUNCTION history_month_partition(month date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  s date := date_trunc('month', month)::date;
  e date := (date_trunc('month', month) + interval '1 month')::date;
  name text := 'history_events_p' || to_char(month, 'YYYYMM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN RETURN name; END IF;
  IF EXISTS (SELECT 1 FROM history_events_default WHERE occurred_at >= s AND occurred_at < e) THEN
    CREATE TEMP TABLE history_moving ON COMMIT DROP AS
      SELECT * FROM history_events_default WHERE occurred_at >= s AND occurred_at < e;
    DELETE FROM history_events_default WHERE occurred_at >= s AND occurred_at < e;
    EXECUTE format('CREATE TABLE %I PARTITION OF history_events FOR VALUES FROM (%L) TO (%L)', name, s, e);
    INSERT INTO history_events SELECT * FROM history_moving;
    DROP TABLE history_moving;
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF history_events FOR VALUES FROM (%L) TO (%L)', name, s, e);
  END IF;
  RETURN name;
END $$;
--> statement-breakpoint
-- The partitions of last month, this month and `ahead` months to come.
CREATE FUNCTION history_ensure_partitions(ahead integer DEFAULT 3) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN -1..ahead LOOP
    PERFORM history_month_partition((date_trunc('month', now()) + make_interval(months => i))::date);
  END LOOP;
END $$;
--> statement-breakpoint
-- Drops the month partitions that end on or before `cutoff` and deletes older strays of the
-- default partition; returns how many partitions were dropped.
CREATE FUNCTION history_drop_months_before(cutoff timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  part record;
  dropped integer := 0;
BEGIN
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'history_events'::regclass AND c.relname ~ '^history_events_p[0-9]{6}$'
  LOOP
    IF (to_date(substr(part.relname, 17), 'YYYYMM') + interval '1 month') <= cutoff THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  DELETE FROM history_events_default WHERE occurred_at < cutoff;
  RETURN dropped;
END $$;
--> statement-breakpoint
SELECT history_ensure_partitions(3);
--> statement-breakpoint
-- Which tables have history, with their attach arguments and the columns their trigger records
-- (a migration that adds a column runs history_refresh('table'); a test compares the columns).
CREATE TABLE "history_tables" (
	"table_name" text PRIMARY KEY NOT NULL,
	"ignored" text[] NOT NULL,
	"subjects" text[] NOT NULL,
	"keys" text[] NOT NULL,
	"columns" text[] NOT NULL
);
--> statement-breakpoint
-- One line gives a table its history: select history_attach('table', array['noisy_column']).
-- updated_at, version, created_at and service_partner_id are always ignored (the event has its own
-- time and partner); `subjects` names the page the changes show on, first set column wins
-- ('service_orders=service_order_id': a line shows on its order); `keys` the columns that identify
-- a row (default id). It writes a trigger function for the table, history_capture_<table>, whose
-- statement-level triggers read the transition tables and compare the columns one by one (no
-- whole-row JSON: a bulk update of 1,000 rows costs milliseconds), one event per changed field.
CREATE FUNCTION history_attach(tbl text, ignored text[] DEFAULT '{}', subjects text[] DEFAULT '{}',
  keys text[] DEFAULT ARRAY['id']) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ign text[] := ignored || ARRAY['updated_at', 'version', 'created_at', 'service_partner_id'];
  fn text := 'history_capture_' || tbl;
  cols text[];
  types text[];
  has_partner boolean;
  partner_expr text;
  key_r text;
  join_cond text := '';
  subj_t text;
  subj_id text := 'coalesce(';
  upd text := '';
  ins text := '';
  del text := '';
  head text;
  c text;
  t text;
  s text;
  i integer;
BEGIN
  SELECT array_agg(column_name::text ORDER BY ordinal_position), array_agg(udt_name::text ORDER BY ordinal_position)
    INTO cols, types FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = tbl AND column_name::text <> ALL (ign);
  IF cols IS NULL THEN RAISE EXCEPTION 'history_attach: no table % (or every column ignored)', tbl; END IF;
  has_partner := EXISTS (SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = tbl AND column_name = 'service_partner_id');
  partner_expr := CASE WHEN tbl = 'service_partners' THEN 'r.id'
    WHEN has_partner THEN 'coalesce(r.service_partner_id, partner)' ELSE 'partner' END;
  IF cardinality(keys) = 1 THEN
    key_r := 'r.' || quote_ident(keys[1]) || '::text';
  ELSE
    key_r := 'concat_ws('':''';
    FOREACH c IN ARRAY keys LOOP key_r := key_r || ', r.' || quote_ident(c) || '::text'; END LOOP;
    key_r := key_r || ')';
  END IF;
  FOREACH c IN ARRAY keys LOOP
    join_cond := join_cond || CASE WHEN join_cond = '' THEN '' ELSE ' AND ' END
      || 'o.' || quote_ident(c) || ' = r.' || quote_ident(c);
  END LOOP;
  IF has_partner AND NOT 'service_partner_id' = ANY (keys) THEN
    join_cond := join_cond || ' AND o.service_partner_id IS NOT DISTINCT FROM r.service_partner_id';
  END IF;
  subj_t := 'CASE';
  FOREACH s IN ARRAY subjects LOOP
    subj_t := subj_t || ' WHEN r.' || quote_ident(split_part(s, '=', 2)) || ' IS NOT NULL THEN '
      || quote_literal(split_part(s, '=', 1));
    subj_id := subj_id || 'r.' || quote_ident(split_part(s, '=', 2)) || '::text, ';
  END LOOP;
  subj_t := CASE WHEN subj_t = 'CASE' THEN quote_literal(tbl) ELSE subj_t || ' ELSE ' || quote_literal(tbl) || ' END' END;
  subj_id := subj_id || key_r || ')';
  FOR i IN 1..cardinality(cols) LOOP
    c := quote_ident(cols[i]);
    t := types[i];
    upd := upd || CASE WHEN upd = '' THEN '' ELSE ' UNION ALL ' END
      || 'SELECT ' || quote_literal(cols[i]) || ', to_jsonb(o.' || c || '), to_jsonb(r.' || c || ') WHERE '
      || CASE WHEN t IN ('json', 'xml') THEN 'o.' || c || '::text IS DISTINCT FROM r.' || c || '::text'
         ELSE 'o.' || c || ' IS DISTINCT FROM r.' || c END;
    IF NOT cols[i] = ANY (keys) THEN
      ins := ins || CASE WHEN ins = '' THEN '' ELSE ' UNION ALL ' END
        || 'SELECT ' || quote_literal(cols[i]) || ', NULL::jsonb, to_jsonb(r.' || c || ') WHERE r.' || c || ' IS NOT NULL';
      del := del || CASE WHEN del = '' THEN '' ELSE ' UNION ALL ' END
        || 'SELECT ' || quote_literal(cols[i]) || ', to_jsonb(r.' || c || '), NULL::jsonb WHERE r.' || c || ' IS NOT NULL';
    END IF;
  END LOOP;
  head := 'INSERT INTO history_events (service_partner_id, table_name, record_id, subject_table, subject_id, '
    || 'operation, field, old_value, new_value, actor_kind, actor_id, actor_name, request_id) SELECT '
    || partner_expr || ', ' || quote_literal(tbl) || ', ' || key_r || ', ' || subj_t || ', ' || subj_id || ', ';
  EXECUTE 'CREATE OR REPLACE FUNCTION ' || quote_ident(fn) || '() RETURNS trigger LANGUAGE plpgsql AS $f$'
    || ' DECLARE'
    || '  a_kind text := coalesce(nullif(current_setting(''app.actor_kind'', true), ''''), ''system'');'
    || '  a_id text := nullif(current_setting(''app.actor_id'', true), '''');'
    || '  a_name text := nullif(current_setting(''app.actor_name'', true), '''');'
    || '  req text := nullif(current_setting(''app.request_id'', true), '''');'
    || '  partner uuid := nullif(current_setting(''app.partner_id'', true), '''')::uuid;'
    || ' BEGIN'
    || '  IF TG_OP = ''UPDATE'' THEN ' || head || '''update'', v.field, v.old, v.new, a_kind, a_id, a_name, req'
    || '   FROM history_new AS r JOIN history_old AS o ON ' || join_cond
    || '   CROSS JOIN LATERAL (' || upd || ') AS v(field, old, new);'
    || CASE WHEN ins = '' THEN '' ELSE
       '  ELSIF TG_OP = ''INSERT'' THEN ' || head || '''insert'', v.field, v.old, v.new, a_kind, a_id, a_name, req'
    || '   FROM history_new AS r CROSS JOIN LATERAL (' || ins || ') AS v(field, old, new);'
    || '  ELSE ' || head || '''delete'', v.field, v.old, v.new, a_kind, a_id, a_name, req'
    || '   FROM history_old AS r CROSS JOIN LATERAL (' || del || ') AS v(field, old, new);' END
    || '  END IF;'
    || '  RETURN NULL;'
    || ' END $f$';
  EXECUTE format('DROP TRIGGER IF EXISTS history_insert ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS history_update ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS history_delete ON %I', tbl);
  EXECUTE format('CREATE TRIGGER history_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS history_new '
    'FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
  EXECUTE format('CREATE TRIGGER history_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS history_old '
    'NEW TABLE AS history_new FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
  EXECUTE format('CREATE TRIGGER history_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS history_old '
    'FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
  INSERT INTO history_tables (table_name, ignored, subjects, keys, columns)
    VALUES (tbl, ignored, subjects, keys, cols)
    ON CONFLICT (table_name) DO UPDATE SET ignored = EXCLUDED.ignored, subjects = EXCLUDED.subjects,
      keys = EXCLUDED.keys, columns = EXCLUDED.columns;
END $$;
--> statement-breakpoint
-- After a migration adds or drops a column of a table with history: rewrite its trigger function.
CREATE FUNCTION history_refresh(tbl text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t history_tables;
BEGIN
  SELECT * INTO t FROM history_tables WHERE table_name = tbl;
  IF NOT FOUND THEN RAISE EXCEPTION 'history_refresh: % has no history', tbl; END IF;
  PERFORM history_attach(t.table_name, t.ignored, t.subjects, t.keys);
END $$;
--> statement-breakpoint
CREATE FUNCTION history_detach(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS history_insert ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS history_update ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS history_delete ON %I', tbl);
  EXECUTE format('DROP FUNCTION IF EXISTS %I()', 'history_capture_' || tbl);
  DELETE FROM history_tables WHERE table_name = tbl;
END $$;
--> statement-breakpoint
SELECT history_attach('service_partners');
--> statement-breakpoint
SELECT history_attach('users');
--> statement-breakpoint
SELECT history_attach('customers', ARRAY['phone_digits']);
--> statement-breakpoint
SELECT history_attach('technicians');
--> statement-breakpoint
SELECT history_attach('technician_days_off', '{}', ARRAY['technicians=technician_id']);
--> statement-breakpoint
SELECT history_attach('warehouse_locations');
--> statement-breakpoint
SELECT history_attach('service_orders');
--> statement-breakpoint
SELECT history_attach('service_order_spare_parts', '{}', ARRAY['service_orders=service_order_id']);
--> statement-breakpoint
SELECT history_attach('work_logs', '{}', ARRAY['service_orders=service_order_id']);
--> statement-breakpoint
SELECT history_attach('communications', ARRAY['reply_token'], ARRAY['service_orders=service_order_id']);
--> statement-breakpoint
SELECT history_attach('images', ARRAY['original_key', 'display_key', 'thumbnail_key'],
  ARRAY['service_orders=service_order_id', 'rentals=rental_id']);
--> statement-breakpoint
SELECT history_attach('upload_links', ARRAY['token_hash', 'bytes_used'], ARRAY['service_orders=service_order_id']);
--> statement-breakpoint
SELECT history_attach('order_ratings', '{}', ARRAY['service_orders=service_order_id'], ARRAY['service_order_id']);
--> statement-breakpoint
SELECT history_attach('shop_orders', ARRAY['claim_token', 'claimed_at'], ARRAY['service_orders=service_order_id']);
--> statement-breakpoint
SELECT history_attach('pricing_configs', '{}', ARRAY['pricing=service_partner_id'], ARRAY['service_partner_id']);
--> statement-breakpoint
SELECT history_attach('category_pricing', '{}', ARRAY['pricing=service_partner_id']);
--> statement-breakpoint
SELECT history_attach('rental_product_pricing', '{}', ARRAY['pricing=service_partner_id'],
  ARRAY['rental_product_id', 'period']);
--> statement-breakpoint
SELECT history_attach('rental_products');
--> statement-breakpoint
SELECT history_attach('rentals');
--> statement-breakpoint
SELECT history_attach('rental_settings', '{}', '{}', ARRAY['service_partner_id']);
--> statement-breakpoint
SELECT history_attach('documents', ARRAY['search_vector', 'extracted_text']);
--> statement-breakpoint
SELECT history_attach('document_versions', ARRAY['extracted_text'], ARRAY['documents=document_id']);
--> statement-breakpoint
SELECT history_attach('partner_products', '{}', '{}', ARRAY['service_partner_id', 'product_id']);
--> statement-breakpoint
SELECT history_attach('api_tokens', ARRAY['token_hash', 'last_used_at']);
--> statement-breakpoint
SELECT history_attach('products', ARRAY['search_text', 'last_seen_run_id', 'shop_updated_at', 'synced_at']);
--> statement-breakpoint
SELECT history_attach('product_variants', '{}', ARRAY['products=product_id']);
