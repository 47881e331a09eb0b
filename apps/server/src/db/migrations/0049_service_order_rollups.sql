CREATE TABLE "service_order_counts" (
	"service_partner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"service_type" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"resolved" bigint DEFAULT 0 NOT NULL,
	"resolved_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "service_order_counts_service_partner_id_status_priority_service_type_pk" PRIMARY KEY("service_partner_id","status","priority","service_type")
);
--> statement-breakpoint
CREATE TABLE "service_order_days" (
	"service_partner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"service_type" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "service_order_days_service_partner_id_day_status_service_type_pk" PRIMARY KEY("service_partner_id","day","status","service_type")
);
--> statement-breakpoint
CREATE TABLE "service_order_technician_days" (
	"service_partner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"technician_id" uuid NOT NULL,
	"assigned" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"resolved" bigint DEFAULT 0 NOT NULL,
	"resolved_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "service_order_technician_days_service_partner_id_day_technician_id_pk" PRIMARY KEY("service_partner_id","day","technician_id")
);
--> statement-breakpoint
DROP INDEX "service_orders_partner_stats_idx";--> statement-breakpoint
DROP INDEX "service_orders_partner_created_dashboard_idx";--> statement-breakpoint
ALTER TABLE "service_order_counts" ADD CONSTRAINT "service_order_counts_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_days" ADD CONSTRAINT "service_order_days_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_technician_days" ADD CONSTRAINT "service_order_technician_days_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The orders' roll-ups (decision 082): service_order_counts for the stats, service_order_days
-- and service_order_technician_days for the dashboard. One change to the orders is a set of signed
-- rows (+1 as the order is now, -1 as it was); one function folds such a set into the three
-- tables, from the statement-level triggers below and from the rebuild.
CREATE TYPE service_order_rollup_delta AS (
  partner uuid,
  status text,
  priority text,
  service_type text,
  technician uuid,
  created_at timestamptz,
  completed_at timestamptz,
  sign integer
);
--> statement-breakpoint
CREATE FUNCTION service_order_rollups_apply(deltas service_order_rollup_delta[])
  RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    -- The partner's zone gives the days; a partner being deleted has no row, and its roll-ups go
    -- with it (ON DELETE CASCADE).
    SELECT x.partner, x.status, x.priority, x.service_type, x.sign,
           coalesce(x.technician, '00000000-0000-0000-0000-000000000000'::uuid) AS technician,
           (x.created_at AT TIME ZONE sp.time_zone)::date AS created_day,
           (x.completed_at AT TIME ZONE sp.time_zone)::date AS completed_day,
           CASE WHEN x.status = 'completed' AND x.completed_at IS NOT NULL THEN x.sign ELSE 0 END AS resolved,
           CASE WHEN x.status = 'completed' AND x.completed_at IS NOT NULL
                THEN x.sign * extract(epoch FROM x.completed_at - x.created_at) ELSE 0 END AS seconds
      FROM unnest(deltas) x JOIN service_partners sp ON sp.id = x.partner
  ), counts AS (
    -- Keys in order, here and below: two statements taking the same rows cannot deadlock.
    INSERT INTO service_order_counts AS c
      (service_partner_id, status, priority, service_type, orders, resolved, resolved_seconds)
    SELECT partner, status, priority, service_type, sum(sign), sum(resolved), sum(seconds)
      FROM d GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR sum(resolved) <> 0 OR sum(seconds) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (service_partner_id, status, priority, service_type) DO UPDATE
      SET orders = c.orders + excluded.orders,
          resolved = c.resolved + excluded.resolved,
          resolved_seconds = c.resolved_seconds + excluded.resolved_seconds
  ), days AS (
    INSERT INTO service_order_days AS o (service_partner_id, day, status, service_type, orders)
    SELECT partner, created_day, status, service_type, sum(sign)
      FROM d GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (service_partner_id, day, status, service_type) DO UPDATE
      SET orders = o.orders + excluded.orders
  ), technician_days AS (
    -- An order counts on its creation day (assigned, completed or cancelled now) and, once
    -- completed, on its completion day (resolved, with its resolution time).
    INSERT INTO service_order_technician_days AS t
      (service_partner_id, day, technician_id, assigned, completed, cancelled, resolved, resolved_seconds)
    SELECT partner, day, technician, sum(assigned), sum(completed), sum(cancelled), sum(resolved), sum(seconds)
      FROM (
        SELECT partner, created_day AS day, technician, sign AS assigned,
               CASE WHEN status = 'completed' THEN sign ELSE 0 END AS completed,
               CASE WHEN status = 'cancelled' THEN sign ELSE 0 END AS cancelled,
               0 AS resolved, 0::numeric AS seconds
          FROM d
        UNION ALL
        SELECT partner, completed_day, technician, 0, 0, 0, resolved, seconds FROM d WHERE resolved <> 0
      ) x
     GROUP BY 1, 2, 3
    HAVING sum(assigned) <> 0 OR sum(completed) <> 0 OR sum(cancelled) <> 0
        OR sum(resolved) <> 0 OR sum(seconds) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (service_partner_id, day, technician_id) DO UPDATE
      SET assigned = t.assigned + excluded.assigned,
          completed = t.completed + excluded.completed,
          cancelled = t.cancelled + excluded.cancelled,
          resolved = t.resolved + excluded.resolved,
          resolved_seconds = t.resolved_seconds + excluded.resolved_seconds
  )
  SELECT
$$;
--> statement-breakpoint
-- Once per statement, whatever writes the orders (a bulk change of 1,000 orders folds 2,000 rows
-- once). An update that moves none of the counted columns nets to zero and writes nothing.
-- (PostgreSQL allows no column list on a trigger with transition tables.)
CREATE FUNCTION service_order_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM service_order_rollups_apply(array(
      SELECT row(n.service_partner_id, n.status, n.priority, n.service_type, n.assigned_technician_id,
                 n.created_at, n.completed_at, 1)::service_order_rollup_delta
        FROM rollup_new n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM service_order_rollups_apply(array(
      SELECT row(o.service_partner_id, o.status, o.priority, o.service_type, o.assigned_technician_id,
                 o.created_at, o.completed_at, -1)::service_order_rollup_delta
        FROM rollup_old o));
  ELSE
    PERFORM service_order_rollups_apply(array(
      SELECT row(n.service_partner_id, n.status, n.priority, n.service_type, n.assigned_technician_id,
                 n.created_at, n.completed_at, 1)::service_order_rollup_delta
        FROM rollup_new n
      UNION ALL
      SELECT row(o.service_partner_id, o.status, o.priority, o.service_type, o.assigned_technician_id,
                 o.created_at, o.completed_at, -1)::service_order_rollup_delta
        FROM rollup_old o));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_order_rollups_insert AFTER INSERT ON service_orders
  REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION service_order_rollups();
--> statement-breakpoint
CREATE TRIGGER service_order_rollups_update AFTER UPDATE ON service_orders
  REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION service_order_rollups();
--> statement-breakpoint
CREATE TRIGGER service_order_rollups_delete AFTER DELETE ON service_orders
  REFERENCING OLD TABLE AS rollup_old FOR EACH STATEMENT EXECUTE FUNCTION service_order_rollups();
--> statement-breakpoint
-- From scratch, for one partner or (null) all: after a bulk load that bypassed the triggers (the
-- benchmark's), or when a partner's time zone moves its days: the same fold as the triggers',
-- one partner's orders at a time.
CREATE FUNCTION service_order_rollups_rebuild(partner uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM service_order_counts WHERE partner IS NULL OR service_partner_id = partner;
  DELETE FROM service_order_days WHERE partner IS NULL OR service_partner_id = partner;
  DELETE FROM service_order_technician_days WHERE partner IS NULL OR service_partner_id = partner;
  SELECT service_order_rollups_apply(array(
    SELECT row(o.service_partner_id, o.status, o.priority, o.service_type, o.assigned_technician_id,
               o.created_at, o.completed_at, 1)::service_order_rollup_delta
      FROM service_orders o WHERE o.service_partner_id = p.id))
    FROM service_partners p WHERE partner IS NULL OR p.id = partner;
$$;
--> statement-breakpoint
CREATE FUNCTION service_order_rollups_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM service_order_rollups_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_order_rollups_time_zone AFTER UPDATE OF time_zone ON service_partners
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION service_order_rollups_time_zone();
--> statement-breakpoint
SELECT service_order_rollups_rebuild();
