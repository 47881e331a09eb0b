-- Field history (issue 26): a bulk update's events without a join of n × n rows.
-- The UPDATE branch joins the old and new transition tables on the key. Its plan is cached by the
-- first statement of the connection, and a pool's first is nearly always a one-row update: a
-- nested loop, which on the bulk status change of 500 orders compared 250,000 pairs (31 of its
-- 36 ms; `npx tsx bench/history.ts`, bench/README.md). Up to 16 rows the cached plan is the
-- right one; above, the statement is planned for the rows at hand (EXECUTE: a hash join).
-- history_attach is redefined with that, and every table's trigger function written again.
CREATE OR REPLACE FUNCTION history_attach(tbl text, ignored text[] DEFAULT '{}', subjects text[] DEFAULT '{}',
  keys text[] DEFAULT ARRAY['id']) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ign text[] := ignored || ARRAY['updated_at', 'version', 'created_at', 'service_partner_id'];
  fn text := 'history_capture_' || tbl;
  cols text[];
  types text[];
  has_partner boolean;
  partner_expr text;
  partner_dyn text;
  key_r text;
  join_cond text := '';
  subj_t text;
  subj_id text := 'coalesce(';
  upd text := '';
  ins text := '';
  del text := '';
  head text;
  head_dyn text;
  upd_from text;
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
  partner_dyn := CASE WHEN tbl = 'service_partners' THEN 'r.id'
    WHEN has_partner THEN 'coalesce(r.service_partner_id, $5)' ELSE '$5' END;
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
  head_dyn := 'INSERT INTO history_events (service_partner_id, table_name, record_id, subject_table, subject_id, '
    || 'operation, field, old_value, new_value, actor_kind, actor_id, actor_name, request_id) SELECT '
    || partner_dyn || ', ' || quote_literal(tbl) || ', ' || key_r || ', ' || subj_t || ', ' || subj_id || ', ';
  upd_from := ' FROM history_new AS r JOIN history_old AS o ON ' || join_cond
    || ' CROSS JOIN LATERAL (' || upd || ') AS v(field, old, new)';
  EXECUTE 'CREATE OR REPLACE FUNCTION ' || quote_ident(fn) || '() RETURNS trigger LANGUAGE plpgsql AS $f$'
    || ' DECLARE'
    || '  a_kind text := coalesce(nullif(current_setting(''app.actor_kind'', true), ''''), ''system'');'
    || '  a_id text := nullif(current_setting(''app.actor_id'', true), '''');'
    || '  a_name text := nullif(current_setting(''app.actor_name'', true), '''');'
    || '  req text := nullif(current_setting(''app.request_id'', true), '''');'
    || '  partner uuid := nullif(current_setting(''app.partner_id'', true), '''')::uuid;'
    || ' BEGIN'
    || '  IF TG_OP = ''UPDATE'' THEN'
    || '   IF (SELECT count(*) FROM history_new) <= 16 THEN'
    || '    ' || head || '''update'', v.field, v.old, v.new, a_kind, a_id, a_name, req' || upd_from || ';'
    || '   ELSE'
    || '    EXECUTE ' || quote_literal(head_dyn || '''update'', v.field, v.old, v.new, $1, $2, $3, $4' || upd_from)
    || '     USING a_kind, a_id, a_name, req, partner;'
    || '   END IF;'
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
END $$;--> statement-breakpoint
SELECT history_refresh(table_name) FROM history_tables ORDER BY table_name;
