ALTER TABLE "service_orders" ADD COLUMN "parts_totals" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "labour_totals" text;--> statement-breakpoint
-- The orders' money totals (decision 084): per order, Σ quantity × unit cost of its spare-part
-- lines and Σ cost of its completed billable work logs, each per currency as "NOK 378000 EUR 2500"
-- (currency, amount in minor units, currencies in order; null: none). Text rather than jsonb:
-- ≈ 12 bytes on the row instead of ≈ 60, and every read of the orders pays for their width. The
-- export reads them with the order's row instead of looking up every order's lines and logs.
-- Kept by the statement-level triggers below, whatever writes the lines or the logs; never
-- written by the application.
-- Derived, so the orders' field history leaves them out.
SELECT history_attach('service_orders', ARRAY['parts_totals', 'labour_totals']);
--> statement-breakpoint
CREATE FUNCTION service_order_parts_totals_of(order_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(t.currency || ' ' || t.amount, ' ' ORDER BY t.currency)
    FROM (SELECT p.currency, sum(p.quantity::bigint * p.unit_cost_minor) AS amount
            FROM service_order_spare_parts p WHERE p.service_order_id = order_id
           GROUP BY p.currency) t
$$;
--> statement-breakpoint
-- The export's labour: completed logs only (an open one has no frozen cost yet), billable only
-- (non-billable time still counts in the time per technician, not in what is charged).
CREATE FUNCTION service_order_labour_totals_of(order_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(t.currency || ' ' || t.amount, ' ' ORDER BY t.currency)
    FROM (SELECT w.currency, coalesce(sum(w.cost_minor::bigint), 0) AS amount
            FROM work_logs w
           WHERE w.service_order_id = order_id AND w.status = 'completed' AND w.billable
             AND w.currency IS NOT NULL
           GROUP BY w.currency) t
$$;
--> statement-breakpoint
-- Recomputes the totals of the given orders from their lines and logs (a handful of rows each)
-- and writes only the orders whose totals moved, taking their rows in id order so that two
-- statements cannot deadlock here. An order being deleted is gone by the time its lines' cascade
-- calls this, and is skipped.
CREATE FUNCTION service_order_totals_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH t AS (
    SELECT x.id, service_order_parts_totals_of(x.id) AS parts, service_order_labour_totals_of(x.id) AS labour
      FROM (SELECT DISTINCT unnest(ids) AS id) x
  ), locked AS (
    SELECT o.id FROM service_orders o JOIN t ON t.id = o.id
     WHERE o.parts_totals IS DISTINCT FROM t.parts OR o.labour_totals IS DISTINCT FROM t.labour
     ORDER BY o.id FOR NO KEY UPDATE OF o
  )
  UPDATE service_orders o SET parts_totals = t.parts, labour_totals = t.labour
    FROM t JOIN locked l ON l.id = t.id
   WHERE o.id = t.id
$$;
--> statement-breakpoint
-- Once per statement on the lines or the logs (the same function for both: each has
-- service_order_id). An update that changes no amount recomputes the order's totals and writes
-- nothing. (PostgreSQL allows no column list on a trigger with transition tables.)
CREATE FUNCTION service_order_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM service_order_totals_refresh(array(SELECT n.service_order_id FROM totals_new n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM service_order_totals_refresh(array(SELECT o.service_order_id FROM totals_old o));
  ELSE
    PERFORM service_order_totals_refresh(array(
      SELECT n.service_order_id FROM totals_new n UNION SELECT o.service_order_id FROM totals_old o));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_order_totals_insert AFTER INSERT ON service_order_spare_parts
  REFERENCING NEW TABLE AS totals_new FOR EACH STATEMENT EXECUTE FUNCTION service_order_totals_changed();
--> statement-breakpoint
CREATE TRIGGER service_order_totals_update AFTER UPDATE ON service_order_spare_parts
  REFERENCING OLD TABLE AS totals_old NEW TABLE AS totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION service_order_totals_changed();
--> statement-breakpoint
CREATE TRIGGER service_order_totals_delete AFTER DELETE ON service_order_spare_parts
  REFERENCING OLD TABLE AS totals_old FOR EACH STATEMENT EXECUTE FUNCTION service_order_totals_changed();
--> statement-breakpoint
CREATE TRIGGER service_order_totals_insert AFTER INSERT ON work_logs
  REFERENCING NEW TABLE AS totals_new FOR EACH STATEMENT EXECUTE FUNCTION service_order_totals_changed();
--> statement-breakpoint
CREATE TRIGGER service_order_totals_update AFTER UPDATE ON work_logs
  REFERENCING OLD TABLE AS totals_old NEW TABLE AS totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION service_order_totals_changed();
--> statement-breakpoint
CREATE TRIGGER service_order_totals_delete AFTER DELETE ON work_logs
  REFERENCING OLD TABLE AS totals_old FOR EACH STATEMENT EXECUTE FUNCTION service_order_totals_changed();
--> statement-breakpoint
-- From scratch (all orders, set-based): after a load that bypassed the triggers.
CREATE FUNCTION service_order_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  WITH parts AS (
    SELECT g.service_order_id AS id,
           string_agg(g.currency || ' ' || g.amount, ' ' ORDER BY g.currency) AS totals
      FROM (SELECT p.service_order_id, p.currency, sum(p.quantity::bigint * p.unit_cost_minor) AS amount
              FROM service_order_spare_parts p GROUP BY 1, 2) g
     GROUP BY 1
  ), labour AS (
    SELECT g.service_order_id AS id,
           string_agg(g.currency || ' ' || g.amount, ' ' ORDER BY g.currency) AS totals
      FROM (SELECT w.service_order_id, w.currency, coalesce(sum(w.cost_minor::bigint), 0) AS amount
              FROM work_logs w
             WHERE w.status = 'completed' AND w.billable AND w.currency IS NOT NULL
             GROUP BY 1, 2) g
     GROUP BY 1
  ), t AS (
    SELECT o.id, p.totals AS parts, l.totals AS labour
      FROM service_orders o LEFT JOIN parts p ON p.id = o.id LEFT JOIN labour l ON l.id = o.id
  )
  UPDATE service_orders o SET parts_totals = t.parts, labour_totals = t.labour
    FROM t
   WHERE o.id = t.id
     AND (o.parts_totals IS DISTINCT FROM t.parts OR o.labour_totals IS DISTINCT FROM t.labour)
$$;
--> statement-breakpoint
SELECT service_order_totals_rebuild();
