import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { ALERT_LIMITS, type AlertKind, type AlertSubjectType } from '@service-portal/shared/alerts';
import { OVERDUE_RULE } from '@service-portal/shared/rentals';
import type { Db } from '../../db/client.ts';
import { alertReadMarks, alertReads, alerts, alertSettings } from '../../db/schema/alerts.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { rentalProducts, rentals } from '../../db/schema/rentals.ts';
import { serviceOrders, serviceOrderStatusHistory } from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

/**
 * Who reads: the user, and whether they see every alert of the partner (Administrators,
 * ServiceManagers, global administrators) or only those about orders assigned to them
 * (a user without a role: a technician; docs/decisions/078-alerts.md).
 */
export interface Viewer {
  userId: string;
  seesAll: boolean;
}

export interface NewAlert {
  kind: AlertKind;
  subjectType: AlertSubjectType;
  subjectId: string;
  /** Unique per partner: the same key makes no second alert. */
  dedupeKey: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

export interface AlertRow {
  id: string;
  kind: AlertKind;
  subjectType: AlertSubjectType;
  subjectId: string;
  data: Record<string, unknown>;
  createdAt: Date;
  readAt: Date | null;
}

const OPEN_ORDER = sql`${serviceOrders.status} not in ('completed', 'cancelled')`;

/**
 * The only Drizzle code of alerts. The time-based alerts read orders and rentals in one
 * INSERT … SELECT each (decision 078: the job must not load every open order into the app).
 */
export function createAlertsRepository(db: Db) {
  /** The alerts the viewer may see (within the partner, which the caller's `scoped` adds). */
  function visibleTo(viewer: Viewer): SQL | undefined {
    if (viewer.seesAll) return undefined;
    return sql`(${alerts.subjectType} = 'order' and exists (select 1 from ${serviceOrders} join ${technicians} on ${technicians.id} = ${serviceOrders.assignedTechnicianId} where ${serviceOrders.id} = ${alerts.subjectId} and ${serviceOrders.servicePartnerId} = ${alerts.servicePartnerId} and ${technicians.userId} = ${viewer.userId}))`;
  }

  /** The viewer's "mark all read" time, or null. */
  const markOf = (scope: TenantScope, viewer: Viewer) =>
    sql`(select ${alertReadMarks.readBefore} from ${alertReadMarks} where ${alertReadMarks.userId} = ${viewer.userId} and ${alertReadMarks.servicePartnerId} = ${scope.partnerId})`;

  const readRowAt = (viewer: Viewer) =>
    sql`(select ${alertReads.readAt} from ${alertReads} where ${alertReads.alertId} = ${alerts.id} and ${alertReads.userId} = ${viewer.userId})`;

  /** When the viewer read the alert: their own read, else their mark if the alert is older. */
  const readAtOf = (scope: TenantScope, viewer: Viewer) =>
    sql<
      string | Date | null
    >`coalesce(${readRowAt(viewer)}, case when ${alerts.createdAt} <= ${markOf(scope, viewer)} then ${markOf(scope, viewer)} end)`;

  const unread = (scope: TenantScope, viewer: Viewer) =>
    sql`(${alerts.createdAt} > coalesce(${markOf(scope, viewer)}, '-infinity'::timestamptz) and not exists (select 1 from ${alertReads} where ${alertReads.alertId} = ${alerts.id} and ${alertReads.userId} = ${viewer.userId}))`;

  const toDate = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

  /** An alert as the list and the one-alert read answer it, with the viewer's read time. */
  const columnsFor = (scope: TenantScope, viewer: Viewer) => ({
    id: alerts.id,
    kind: alerts.kind,
    subjectType: alerts.subjectType,
    subjectId: alerts.subjectId,
    data: alerts.data,
    createdAt: alerts.createdAt,
    readAt: readAtOf(scope, viewer),
  });

  return {
    /** Makes the alert unless one with its key exists; true when it was made. */
    async insert(tx: Db, partnerId: string, alert: NewAlert): Promise<boolean> {
      const rows = await tx
        .insert(alerts)
        .values({ servicePartnerId: partnerId, ...alert })
        .onConflictDoNothing({ target: [alerts.servicePartnerId, alerts.dedupeKey] })
        .returning({ id: alerts.id });
      return rows.length > 0;
    },

    /** Newest first, `limit + 1` rows from the cursor (exclusive) so the caller knows if more follow. */
    async list(
      scope: TenantScope,
      viewer: Viewer,
      opts: { limit: number; after?: { createdAt: Date; id: string }; unreadOnly: boolean },
    ): Promise<AlertRow[]> {
      const after = opts.after;
      const rows = await db
        .select(columnsFor(scope, viewer))
        .from(alerts)
        .where(
          scoped(
            alerts,
            scope,
            visibleTo(viewer),
            opts.unreadOnly ? unread(scope, viewer) : undefined,
            after
              ? or(
                  lt(alerts.createdAt, after.createdAt),
                  and(eq(alerts.createdAt, after.createdAt), lt(alerts.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(opts.limit + 1);
      return rows.map((r) => ({ ...r, readAt: toDate(r.readAt) }));
    },

    async get(scope: TenantScope, viewer: Viewer, id: string): Promise<AlertRow | null> {
      const [row] = await db
        .select(columnsFor(scope, viewer))
        .from(alerts)
        .where(scoped(alerts, scope, eq(alerts.id, id), visibleTo(viewer)));
      return row ? { ...row, readAt: toDate(row.readAt) } : null;
    },

    /** The badge's number: one index range per partner from the viewer's mark. */
    async unreadCount(scope: TenantScope, viewer: Viewer): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(alerts)
        .where(scoped(alerts, scope, visibleTo(viewer), unread(scope, viewer)));
      return Number(row?.n ?? 0);
    },

    async markRead(viewer: Viewer, alertId: string, at: Date): Promise<void> {
      await db
        .insert(alertReads)
        .values({ alertId, userId: viewer.userId, readAt: at })
        .onConflictDoNothing();
    },

    /** Every alert made up to `at` is read for the viewer (a mark never moves back). */
    async markAllRead(scope: TenantScope, viewer: Viewer, at: Date): Promise<void> {
      await db
        .insert(alertReadMarks)
        .values({ servicePartnerId: scope.partnerId, userId: viewer.userId, readBefore: at })
        .onConflictDoUpdate({
          target: [alertReadMarks.userId, alertReadMarks.servicePartnerId],
          set: { readBefore: sql`greatest(${alertReadMarks.readBefore}, excluded.read_before)` },
        });
    },

    async settings(scope: TenantScope): Promise<{ stalledAfterDays: number; version: number } | null> {
      const [row] = await db
        .select({ stalledAfterDays: alertSettings.stalledAfterDays, version: alertSettings.version })
        .from(alertSettings)
        .where(scoped(alertSettings, scope));
      return row ?? null;
    },

    /** Saves the settings if `version` is the stored one (0: none stored yet); null when stale. */
    async saveSettings(
      scope: TenantScope,
      values: { stalledAfterDays: number; version: number },
      at: Date,
    ): Promise<{ stalledAfterDays: number; version: number } | null> {
      if (values.version === 0) {
        const rows = await db
          .insert(alertSettings)
          .values({ servicePartnerId: scope.partnerId, stalledAfterDays: values.stalledAfterDays })
          .onConflictDoNothing()
          .returning({ stalledAfterDays: alertSettings.stalledAfterDays, version: alertSettings.version });
        return rows[0] ?? null;
      }
      const rows = await db
        .update(alertSettings)
        .set({
          stalledAfterDays: values.stalledAfterDays,
          updatedAt: at,
          version: sql`${alertSettings.version} + 1`,
        })
        .where(scoped(alertSettings, scope, eq(alertSettings.version, values.version)))
        .returning({ stalledAfterDays: alertSettings.stalledAfterDays, version: alertSettings.version });
      return rows[0] ?? null;
    },

    /**
     * Rentals overdue by the shared rule in their partner's calendar: one alert per rental and due
     * date (an extended rental that runs late again is a new episode). Returns how many were made.
     */
    async makeOverdueAlerts(at: Date): Promise<number> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const today = sql`(${now} at time zone ${servicePartners.timeZone})::date`;
      const result: unknown = await db.execute(sql`
        insert into ${alerts} (service_partner_id, kind, subject_type, subject_id, dedupe_key, data, created_at)
        select ${rentals.servicePartnerId}, 'rental_overdue', 'rental', ${rentals.id},
          'rental_overdue:' || ${rentals.id} || ':' || ${rentals.dueDate}::text,
          jsonb_build_object('customerName', ${rentals.customerName}, 'productName', ${rentalProducts.name},
            'serialNumber', ${rentalProducts.serialNumber}, 'dueDate', ${rentals.dueDate}::text),
          ${now}
        from ${rentals}
        join ${rentalProducts} on ${rentalProducts.id} = ${rentals.rentalProductId}
        join ${servicePartners} on ${servicePartners.id} = ${rentals.servicePartnerId}
        where ${rentals.status} = ${OVERDUE_RULE.storedStatus}
          and ${rentals.dueDate} <= ${today} - ${OVERDUE_RULE.daysPastDue}::int
        on conflict (service_partner_id, dedupe_key) do nothing
        returning 1`);
      return (result as { rows: unknown[] }).rows.length;
    },

    /**
     * Open orders that entered their current status at least the partner's `stalledAfterDays`
     * ago (0: never): one alert per order and time it entered the status.
     */
    async makeStalledAlerts(at: Date): Promise<number> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const days = sql`coalesce(${alertSettings.stalledAfterDays}, ${ALERT_LIMITS.stalledAfterDaysDefault}::int)`;
      const result: unknown = await db.execute(sql`
        insert into ${alerts} (service_partner_id, kind, subject_type, subject_id, dedupe_key, data, created_at)
        select so.service_partner_id, 'order_stalled', 'order', so.id,
          'order_stalled:' || so.id || ':' || so.status || ':' || floor(extract(epoch from s.since) * 1000)::bigint,
          jsonb_build_object('orderNumber', so.order_number, 'status', so.status,
            'since', to_char(s.since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'afterDays', so.days),
          ${now}
        from (
          select ${serviceOrders.id} as id, ${serviceOrders.servicePartnerId} as service_partner_id,
            ${serviceOrders.orderNumber} as order_number, ${serviceOrders.status} as status,
            ${serviceOrders.createdAt} as created_at, ${days} as days
          from ${serviceOrders}
          left join ${alertSettings} on ${alertSettings.servicePartnerId} = ${serviceOrders.servicePartnerId}
          where ${OPEN_ORDER} and ${days} > 0 and ${serviceOrders.createdAt} <= ${now} - ${days} * interval '1 day'
        ) so
        cross join lateral (
          select coalesce(max(${serviceOrderStatusHistory.changedAt}), so.created_at) as since
          from ${serviceOrderStatusHistory}
          where ${serviceOrderStatusHistory.serviceOrderId} = so.id and ${serviceOrderStatusHistory.toStatus} = so.status
        ) s
        where s.since <= ${now} - so.days * interval '1 day'
        on conflict (service_partner_id, dedupe_key) do nothing
        returning 1`);
      return (result as { rows: unknown[] }).rows.length;
    },

    /** Alerts older than the retention go, with their read state. */
    async purgeBefore(cutoff: Date): Promise<number> {
      const rows = await db.delete(alerts).where(lt(alerts.createdAt, cutoff)).returning({ id: alerts.id });
      return rows.length;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
