CREATE TABLE "dashboard_revenue" (
	"service_partner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"parts_minor" bigint DEFAULT 0 NOT NULL,
	"labour_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_revenue_service_partner_id_day_currency_pk" PRIMARY KEY("service_partner_id","day","currency")
);
--> statement-breakpoint
DROP INDEX "spare_parts_partner_order_amount_idx";--> statement-breakpoint
ALTER TABLE "dashboard_revenue" ADD CONSTRAINT "dashboard_revenue_service_partner_id_service_partners_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "public"."service_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's revenue roll-up (decision 030), kept by triggers: the calendar day of an order's
-- completion in its partner's time zone, and its spare-part lines and completed work-log costs
-- per currency.
CREATE FUNCTION dashboard_revenue_add(partner uuid, at timestamptz, cur text, parts bigint, labour bigint)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NULL OR cur IS NULL OR (coalesce(parts, 0) = 0 AND coalesce(labour, 0) = 0) THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_revenue AS r (service_partner_id, day, currency, parts_minor, labour_minor)
  SELECT partner, (at AT TIME ZONE sp.time_zone)::date, cur, coalesce(parts, 0), coalesce(labour, 0)
    FROM service_partners sp WHERE sp.id = partner
  ON CONFLICT (service_partner_id, day, currency) DO UPDATE
    SET parts_minor = r.parts_minor + excluded.parts_minor,
        labour_minor = r.labour_minor + excluded.labour_minor;
END $$;
--> statement-breakpoint
-- What one order adds to the revenue, per currency.
CREATE FUNCTION dashboard_revenue_of(order_id uuid)
  RETURNS TABLE (currency text, parts bigint, labour bigint) LANGUAGE sql STABLE AS $$
  SELECT x.currency, sum(x.parts)::bigint, sum(x.labour)::bigint FROM (
    SELECT p.currency, p.quantity::bigint * p.unit_cost_minor AS parts, 0::bigint AS labour
      FROM service_order_spare_parts p WHERE p.service_order_id = order_id
    UNION ALL
    SELECT w.currency, 0::bigint, w.cost_minor::bigint
      FROM work_logs w
     WHERE w.service_order_id = order_id AND w.status = 'completed'
       AND w.currency IS NOT NULL AND w.cost_minor IS NOT NULL
  ) x GROUP BY x.currency
$$;
--> statement-breakpoint
-- An order enters or leaves the completed orders, or its completion time moves.
CREATE FUNCTION dashboard_revenue_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'completed' AND OLD.completed_at IS NOT NULL THEN
    PERFORM dashboard_revenue_add(OLD.service_partner_id, OLD.completed_at, c.currency, -c.parts, -c.labour)
       FROM dashboard_revenue_of(OLD.id) c;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status = 'completed' AND NEW.completed_at IS NOT NULL THEN
      PERFORM dashboard_revenue_add(NEW.service_partner_id, NEW.completed_at, c.currency, c.parts, c.labour)
         FROM dashboard_revenue_of(NEW.id) c;
    END IF;
    RETURN NULL;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_revenue_orders_update AFTER UPDATE OF status, completed_at ON service_orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.completed_at IS DISTINCT FROM NEW.completed_at)
  EXECUTE FUNCTION dashboard_revenue_orders();
--> statement-breakpoint
-- Before: the order's lines and logs are still there to subtract (their own triggers find the
-- order gone when the cascade removes them, and add nothing).
CREATE TRIGGER dashboard_revenue_orders_delete BEFORE DELETE ON service_orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_revenue_orders();
--> statement-breakpoint
-- A spare-part line of a completed order is added, changed or removed.
CREATE FUNCTION dashboard_revenue_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done_at timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT o.completed_at INTO done_at FROM service_orders o
     WHERE o.id = OLD.service_order_id AND o.status = 'completed';
    IF FOUND THEN
      PERFORM dashboard_revenue_add(OLD.service_partner_id, done_at, OLD.currency,
        -(OLD.quantity::bigint * OLD.unit_cost_minor), 0);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT o.completed_at INTO done_at FROM service_orders o
     WHERE o.id = NEW.service_order_id AND o.status = 'completed';
    IF FOUND THEN
      PERFORM dashboard_revenue_add(NEW.service_partner_id, done_at, NEW.currency,
        NEW.quantity::bigint * NEW.unit_cost_minor, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_revenue_parts AFTER INSERT OR DELETE
  OR UPDATE OF quantity, unit_cost_minor, currency, service_order_id ON service_order_spare_parts
  FOR EACH ROW EXECUTE FUNCTION dashboard_revenue_parts();
--> statement-breakpoint
-- A work log of a completed order is completed, repriced or removed.
CREATE FUNCTION dashboard_revenue_work_logs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done_at timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed' THEN
    SELECT o.completed_at INTO done_at FROM service_orders o
     WHERE o.id = OLD.service_order_id AND o.status = 'completed';
    IF FOUND THEN
      PERFORM dashboard_revenue_add(OLD.service_partner_id, done_at, OLD.currency, 0, -OLD.cost_minor::bigint);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'completed' THEN
    SELECT o.completed_at INTO done_at FROM service_orders o
     WHERE o.id = NEW.service_order_id AND o.status = 'completed';
    IF FOUND THEN
      PERFORM dashboard_revenue_add(NEW.service_partner_id, done_at, NEW.currency, 0, NEW.cost_minor::bigint);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_revenue_work_logs AFTER INSERT OR DELETE
  OR UPDATE OF status, cost_minor, currency, service_order_id ON work_logs
  FOR EACH ROW EXECUTE FUNCTION dashboard_revenue_work_logs();
--> statement-breakpoint
-- From scratch, for one partner or (null) all: after a bulk load that bypassed the triggers (the
-- benchmark's), or when a partner's time zone moves its days.
CREATE FUNCTION dashboard_revenue_rebuild(partner uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_revenue WHERE partner IS NULL OR service_partner_id = partner;
  INSERT INTO dashboard_revenue (service_partner_id, day, currency, parts_minor, labour_minor)
  SELECT x.partner_id, (x.at AT TIME ZONE sp.time_zone)::date, x.currency, sum(x.parts), sum(x.labour)
    FROM (
      SELECT o.service_partner_id AS partner_id, o.completed_at AS at, p.currency,
             p.quantity::bigint * p.unit_cost_minor AS parts, 0::bigint AS labour
        FROM service_orders o JOIN service_order_spare_parts p ON p.service_order_id = o.id
       WHERE o.status = 'completed' AND o.completed_at IS NOT NULL
         AND (partner IS NULL OR o.service_partner_id = partner)
      UNION ALL
      SELECT o.service_partner_id, o.completed_at, w.currency, 0::bigint, w.cost_minor::bigint
        FROM service_orders o JOIN work_logs w ON w.service_order_id = o.id
       WHERE o.status = 'completed' AND o.completed_at IS NOT NULL AND w.status = 'completed'
         AND w.currency IS NOT NULL AND w.cost_minor IS NOT NULL
         AND (partner IS NULL OR o.service_partner_id = partner)
    ) x JOIN service_partners sp ON sp.id = x.partner_id
   GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_revenue_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_revenue_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_revenue_time_zone AFTER UPDATE OF time_zone ON service_partners
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION dashboard_revenue_time_zone();
--> statement-breakpoint
SELECT dashboard_revenue_rebuild();
