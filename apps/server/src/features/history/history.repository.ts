import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { historyEvents, type HistoryEventRow } from '../../db/schema/history.ts';
import { servicePartners } from '../../db/schema/partners.ts';

export interface HistoryFilter {
  /** null: every partner (a global administrator's search). */
  partnerId: string | null;
  subjectTable?: string | undefined;
  subjectId?: string | undefined;
  table?: string | undefined;
  recordId?: string | undefined;
  field?: { table: string; field: string } | undefined;
  actorKind?: string | undefined;
  actorId?: string | undefined;
  requestId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function where(f: HistoryFilter): SQL | undefined {
  const h = historyEvents;
  return and(
    f.partnerId === null ? undefined : eq(h.servicePartnerId, f.partnerId),
    f.subjectTable === undefined ? undefined : eq(h.subjectTable, f.subjectTable),
    f.subjectId === undefined ? undefined : eq(h.subjectId, f.subjectId),
    f.table === undefined ? undefined : eq(h.tableName, f.table),
    f.recordId === undefined ? undefined : eq(h.recordId, f.recordId),
    f.field ? and(eq(h.tableName, f.field.table), eq(h.field, f.field.field)) : undefined,
    f.actorKind === undefined ? undefined : eq(h.actorKind, f.actorKind),
    f.actorId === undefined ? undefined : eq(h.actorId, f.actorId),
    f.requestId === undefined ? undefined : eq(h.requestId, f.requestId),
    f.from === undefined ? undefined : gte(h.occurredAt, f.from),
    f.to === undefined ? undefined : lt(h.occurredAt, f.to),
  );
}

/** The history tables' only reader and the retention's deleter (the triggers write them). */
export function createHistoryRepository(db: Db) {
  return {
    async page(filter: HistoryFilter, page: number, pageSize: number) {
      const w = where(filter);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(historyEvents)
          .where(w)
          .orderBy(desc(historyEvents.occurredAt), desc(historyEvents.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(historyEvents).where(w),
      ]);
      return { items: items as HistoryEventRow[], total: total?.n ?? 0 };
    },

    /** The fields and the people of a history, for its filters. */
    async facets(filter: HistoryFilter) {
      const w = where(filter);
      const [fields, actors] = await Promise.all([
        db
          .selectDistinct({ table: historyEvents.tableName, field: historyEvents.field })
          .from(historyEvents)
          .where(w)
          .orderBy(asc(historyEvents.tableName), asc(historyEvents.field))
          .limit(500),
        db
          .selectDistinct({
            kind: historyEvents.actorKind,
            id: historyEvents.actorId,
            name: historyEvents.actorName,
          })
          .from(historyEvents)
          .where(w)
          .limit(200),
      ]);
      return { fields, actors };
    },

    async retentionOf(partnerId: string): Promise<number | null> {
      const [row] = await db
        .select({ months: servicePartners.historyRetentionMonths })
        .from(servicePartners)
        .where(eq(servicePartners.id, partnerId));
      return row?.months ?? null;
    },

    async setRetention(partnerId: string, months: number): Promise<boolean> {
      const rows = await db
        .update(servicePartners)
        .set({
          historyRetentionMonths: months,
          updatedAt: sql`now()`,
          version: sql`${servicePartners.version} + 1`,
        })
        .where(eq(servicePartners.id, partnerId))
        .returning({ id: servicePartners.id });
      return rows.length > 0;
    },

    async retentions(): Promise<{ partnerId: string; months: number }[]> {
      return db
        .select({ partnerId: servicePartners.id, months: servicePartners.historyRetentionMonths })
        .from(servicePartners);
    },

    /** Makes this month's partitions and those ahead (the default partition catches any gap). */
    async ensurePartitions(ahead: number): Promise<void> {
      await db.execute(sql`select history_ensure_partitions(${ahead}::int)`);
    },

    /** Drops whole month partitions that end on or before `cutoff`; how many went. */
    async dropMonthsBefore(cutoff: Date): Promise<number> {
      const result: unknown = await db.execute(
        sql`select history_drop_months_before(${cutoff.toISOString()}::timestamptz) as n`,
      );
      return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },

    /** One partner's events older than `cutoff` (a retention shorter than the longest). */
    async deletePartnerBefore(partnerId: string, cutoff: Date): Promise<number> {
      const result: unknown = await db.execute(
        sql`with gone as (delete from ${historyEvents} where ${and(
          eq(historyEvents.servicePartnerId, partnerId),
          lt(historyEvents.occurredAt, cutoff),
        )} returning 1) select count(*)::int as n from gone`,
      );
      return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
