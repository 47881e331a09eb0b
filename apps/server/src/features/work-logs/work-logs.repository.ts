import { asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Currency } from '@service-portal/shared/limits';
import type { WorkLogCategory, WorkLogCost } from '@service-portal/shared/pricing';
import type { Money } from '@service-portal/shared/work-logs';
import type { Db } from '../../db/client.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { users } from '../../db/schema/users.ts';
import { workLogs } from '../../db/schema/work-logs.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

// The author's and the technician's names are joined here as read-only labels, as service orders do
// for theirs.

const w = workLogs;

const columns = {
  id: w.id,
  serviceOrderId: w.serviceOrderId,
  category: sql<WorkLogCategory>`${w.category}`,
  description: w.description,
  notes: w.notes,
  userId: w.userId,
  userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  technicianId: w.technicianId,
  technicianName: sql<string | null>`${technicians.firstName} || ' ' || ${technicians.lastName}`,
  billable: w.billable,
  status: w.status,
  timerStartedAt: w.timerStartedAt,
  trackedSeconds: w.trackedSeconds,
  manualMinutes: w.manualMinutes,
  completedAt: w.completedAt,
  billedMinutes: w.billedMinutes,
  pricingType: w.pricingType,
  unitPriceMinor: w.unitPriceMinor,
  costMinor: w.costMinor,
  currency: w.currency,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
  version: w.version,
};

export interface WorkLogRow {
  id: string;
  serviceOrderId: string;
  category: WorkLogCategory;
  description: string | null;
  notes: string | null;
  userId: string | null;
  userName: string | null;
  technicianId: string | null;
  technicianName: string | null;
  billable: boolean;
  status: 'open' | 'completed';
  timerStartedAt: Date | null;
  trackedSeconds: number;
  manualMinutes: number | null;
  completedAt: Date | null;
  billedMinutes: number | null;
  pricingType: 'hourly' | 'fixed' | null;
  unitPriceMinor: number | null;
  costMinor: number | null;
  currency: Currency | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface WorkLogValues {
  category: WorkLogCategory;
  description: string | null;
  notes: string | null;
  manualMinutes: number | null;
  technicianId: string | null;
  billable: boolean;
}

/** The PostgreSQL error code (SQLSTATE) of a failed query, through the drivers' wrapping. */
function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
const FOREIGN_KEY_VIOLATION = '23503';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Whole seconds from the running timer's start to `now`, never negative. */
const runningSeconds = (now: Date) =>
  sql`greatest(0, floor(extract(epoch from (${at(now)} - ${w.timerStartedAt}))))::int`;

export function createWorkLogsRepository(db: Db) {
  const one = (scope: TenantScope, orderId: string, logId: string) =>
    scoped(w, scope, eq(w.serviceOrderId, orderId), eq(w.id, logId));

  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async list(scope: TenantScope, orderId: string): Promise<WorkLogRow[]> {
      return db
        .select(columns)
        .from(w)
        .leftJoin(users, eq(users.id, w.userId))
        .leftJoin(technicians, eq(technicians.id, w.technicianId))
        .where(scoped(w, scope, eq(w.serviceOrderId, orderId)))
        .orderBy(asc(w.createdAt), asc(w.id));
    },

    /** The logs of many orders in one query (the serial history), oldest first. */
    async listForOrders(scope: TenantScope, orderIds: readonly string[]): Promise<WorkLogRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select(columns)
        .from(w)
        .leftJoin(users, eq(users.id, w.userId))
        .leftJoin(technicians, eq(technicians.id, w.technicianId))
        .where(scoped(w, scope, inArray(w.serviceOrderId, [...orderIds])))
        .orderBy(asc(w.createdAt), asc(w.id));
    },

    async get(scope: TenantScope, orderId: string, logId: string, tx: Db = db): Promise<WorkLogRow | null> {
      const rows = await tx
        .select(columns)
        .from(w)
        .leftJoin(users, eq(users.id, w.userId))
        .leftJoin(technicians, eq(technicians.id, w.technicianId))
        .where(one(scope, orderId, logId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The log's row, locked until the transaction ends. */
    async lock(scope: TenantScope, orderId: string, logId: string, tx: Db) {
      const rows = await tx
        .select({
          id: w.id,
          category: sql<WorkLogCategory>`${w.category}`,
          userId: w.userId,
          status: w.status,
          timerStartedAt: w.timerStartedAt,
          trackedSeconds: w.trackedSeconds,
          manualMinutes: w.manualMinutes,
          version: w.version,
        })
        .from(w)
        .where(one(scope, orderId, logId))
        .for('update');
      return rows[0] ?? null;
    },

    /** The new log's id; null when the order vanished meanwhile. */
    async insert(
      scope: TenantScope,
      orderId: string,
      values: WorkLogValues & { userId: string; timerStartedAt: Date | null },
      tx: Db = db,
    ): Promise<string | null> {
      try {
        const [row] = await tx
          .insert(w)
          .values({ ...values, servicePartnerId: scope.partnerId, serviceOrderId: orderId })
          .returning({ id: w.id });
        return row?.id ?? null;
      } catch (err) {
        if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) return null;
        throw err;
      }
    },

    /** Changes an open log if its version is still `version`. */
    async updateIfVersion(
      scope: TenantScope,
      orderId: string,
      logId: string,
      version: number,
      changes: Partial<WorkLogValues>,
    ): Promise<boolean> {
      const rows = await db
        .update(w)
        .set({ ...changes, version: sql`${w.version} + 1`, updatedAt: sql`now()` })
        .where(
          scoped(
            w,
            scope,
            eq(w.serviceOrderId, orderId),
            eq(w.id, logId),
            eq(w.version, version),
            eq(w.status, 'open'),
          ),
        )
        .returning({ id: w.id });
      return rows.length === 1;
    },

    async delete(scope: TenantScope, orderId: string, logId: string): Promise<boolean> {
      const rows = await db
        .delete(w)
        .where(one(scope, orderId, logId))
        .returning({ id: w.id });
      return rows.length === 1;
    },

    /** Serialises timer starts of one user on one order (two devices tapping at once). */
    async lockUserOnOrder(orderId: string, userId: string, tx: Db): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`work-log-timer:${orderId}:${userId}`}, 0))`,
      );
    },

    /** Another open log of `userId` on the order with its timer running. */
    async otherRunning(
      scope: TenantScope,
      orderId: string,
      userId: string,
      exceptLogId: string | null,
      tx: Db,
    ): Promise<boolean> {
      const rows = await tx
        .select({ id: w.id })
        .from(w)
        .where(
          scoped(
            w,
            scope,
            eq(w.serviceOrderId, orderId),
            eq(w.userId, userId),
            exceptLogId ? ne(w.id, exceptLogId) : undefined,
            isNotNull(w.timerStartedAt),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    // Timer actions leave `version` alone: it guards the fields a PUT edits, and the timer is not one
    // of them, so starting on the phone does not make the form open on the desk fail to save.

    /** Starts the timer of an open, stopped log; false when it is not (running already, completed). */
    async startTimer(
      scope: TenantScope,
      orderId: string,
      logId: string,
      now: Date,
      tx: Db,
    ): Promise<boolean> {
      const rows = await tx
        .update(w)
        .set({ timerStartedAt: now, updatedAt: sql`now()` })
        .where(
          scoped(
            w,
            scope,
            eq(w.serviceOrderId, orderId),
            eq(w.id, logId),
            eq(w.status, 'open'),
            isNull(w.timerStartedAt),
          ),
        )
        .returning({ id: w.id });
      return rows.length === 1;
    },

    /** Adds the running time to the tracked time; false when the timer was not running. */
    async stopTimer(scope: TenantScope, orderId: string, logId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(w)
        .set({
          trackedSeconds: sql`${w.trackedSeconds} + ${runningSeconds(now)}`,
          timerStartedAt: null,
          updatedAt: sql`now()`,
        })
        .where(
          scoped(
            w,
            scope,
            eq(w.serviceOrderId, orderId),
            eq(w.id, logId),
            eq(w.status, 'open'),
            isNotNull(w.timerStartedAt),
          ),
        )
        .returning({ id: w.id });
      return rows.length === 1;
    },

    /** Freezes the time and cost on a locked, open log; a running timer stops at `now`. */
    async complete(
      scope: TenantScope,
      orderId: string,
      logId: string,
      trackedSeconds: number,
      cost: WorkLogCost,
      now: Date,
      tx: Db,
    ): Promise<void> {
      await tx
        .update(w)
        .set({
          status: 'completed',
          completedAt: now,
          timerStartedAt: null,
          trackedSeconds,
          billedMinutes: cost.billedMinutes,
          pricingType: cost.pricingType,
          unitPriceMinor: cost.unitPriceMinor,
          costMinor: cost.costMinor,
          currency: cost.currency,
          version: sql`${w.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(one(scope, orderId, logId));
    },

    /** Σ frozen cost of the completed logs per order and currency, for many orders in one query. */
    async labourTotals(scope: TenantScope, orderIds: readonly string[]): Promise<Map<string, Money[]>> {
      const totals = new Map<string, Money[]>();
      if (orderIds.length === 0) return totals;
      const rows = await db
        .select({
          orderId: w.serviceOrderId,
          currency: w.currency,
          amount: sql<string>`sum(${w.costMinor})::text`,
        })
        .from(w)
        .where(
          scoped(
            w,
            scope,
            // One array parameter, not one per id (the export asks for 1,000 orders at a time).
            sql`${w.serviceOrderId} = any(${sql.param([...orderIds])}::uuid[])`,
            eq(w.status, 'completed'),
            // Non-billable time is not charged (it still counts in the time per technician).
            eq(w.billable, true),
            isNotNull(w.currency),
          ),
        )
        .groupBy(w.serviceOrderId, w.currency);
      for (const row of rows) {
        if (!row.currency) continue;
        const list = totals.get(row.orderId) ?? [];
        list.push({ currency: row.currency, amountMinor: Number(row.amount) });
        totals.set(row.orderId, list);
      }
      return totals;
    },

    /**
     * The worked-time inputs of the logs on one order or of one technician, for the time per
     * technician (summed by `timePerTechnician`, the rule the web shows too).
     */
    async timeInputs(scope: TenantScope, by: { orderId: string } | { technicianId: string }) {
      return db
        .select({
          technicianId: w.technicianId,
          technicianName: sql<string | null>`${technicians.firstName} || ' ' || ${technicians.lastName}`,
          billable: w.billable,
          timerStartedAt: w.timerStartedAt,
          trackedSeconds: w.trackedSeconds,
          manualMinutes: w.manualMinutes,
        })
        .from(w)
        .leftJoin(technicians, eq(technicians.id, w.technicianId))
        .where(
          scoped(
            w,
            scope,
            'orderId' in by ? eq(w.serviceOrderId, by.orderId) : eq(w.technicianId, by.technicianId),
          ),
        );
    },

    /** The open logs of the orders, for estimates. */
    async openLogs(scope: TenantScope, orderIds: readonly string[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({
          orderId: w.serviceOrderId,
          category: sql<WorkLogCategory>`${w.category}`,
          timerStartedAt: w.timerStartedAt,
          trackedSeconds: w.trackedSeconds,
          manualMinutes: w.manualMinutes,
        })
        .from(w)
        .where(
          scoped(
            w,
            scope,
            inArray(w.serviceOrderId, [...orderIds]),
            eq(w.status, 'open'),
            eq(w.billable, true),
          ),
        );
    },
  };
}

export type WorkLogsRepository = ReturnType<typeof createWorkLogsRepository>;
