import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_ESTIMATE_REMINDER_DAYS } from '@service-portal/shared/pricing';
import type { Db } from '../../db/client.ts';
import { estimates } from '../../db/schema/estimates.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { pricingConfigs } from '../../db/schema/pricing.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateValues = Pick<
  typeof estimates.$inferInsert,
  | 'lines'
  | 'labourMinutes'
  | 'labourRateMinor'
  | 'vatRateBp'
  | 'currency'
  | 'totalMinor'
  | 'validUntil'
  | 'noteToCustomer'
>;

const e = estimates;

/** The only code that speaks Drizzle for estimates; no rules. */
export function createEstimatesRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    /** The partner's time zone: its day decides when an estimate has expired. */
    async partnerTimeZone(scope: TenantScope): Promise<string> {
      const rows = await db
        .select({ tz: servicePartners.timeZone })
        .from(servicePartners)
        .where(eq(servicePartners.id, scope.partnerId));
      return rows[0]?.tz ?? 'Europe/Oslo';
    },

    async listForOrder(scope: TenantScope, orderId: string): Promise<EstimateRow[]> {
      return db
        .select()
        .from(e)
        .where(scoped(e, scope, eq(e.serviceOrderId, orderId)))
        .orderBy(desc(e.version));
    },

    async get(scope: TenantScope, orderId: string, id: string, tx: Db = db): Promise<EstimateRow | null> {
      const rows = await tx
        .select()
        .from(e)
        .where(scoped(e, scope, eq(e.serviceOrderId, orderId), eq(e.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async latestVersion(scope: TenantScope, orderId: string, tx: Db): Promise<number> {
      const rows = await tx
        .select({ v: sql<number>`coalesce(max(${e.version}), 0)::int` })
        .from(e)
        .where(scoped(e, scope, eq(e.serviceOrderId, orderId)));
      return rows[0]?.v ?? 0;
    },

    async insert(
      scope: TenantScope,
      orderId: string,
      version: number,
      values: EstimateValues,
      createdBy: string,
      tx: Db,
    ): Promise<EstimateRow> {
      const rows = await tx
        .insert(e)
        .values({ ...values, servicePartnerId: scope.partnerId, serviceOrderId: orderId, version, createdBy })
        .returning();
      return rows[0]!;
    },

    /** Changes a draft in place; null when it is no longer a draft (or gone). */
    async updateDraft(
      scope: TenantScope,
      orderId: string,
      id: string,
      values: EstimateValues,
    ): Promise<EstimateRow | null> {
      const rows = await db
        .update(e)
        .set(values)
        .where(scoped(e, scope, eq(e.serviceOrderId, orderId), eq(e.id, id), eq(e.status, 'draft')))
        .returning();
      return rows[0] ?? null;
    },

    async markSent(scope: TenantScope, id: string, via: 'email' | 'sms', at: Date): Promise<void> {
      await db
        .update(e)
        .set({
          status: sql`case when ${e.status} = 'draft' then 'sent' else ${e.status} end`,
          sentAt: at,
          sentVia: via,
        })
        .where(scoped(e, scope, eq(e.id, id)));
    },

    async markOpened(scope: TenantScope, id: string, at: Date): Promise<void> {
      await db
        .update(e)
        .set({ status: 'opened', openedAt: at })
        .where(scoped(e, scope, eq(e.id, id), eq(e.status, 'sent')));
    },

    /**
     * Records the answer only while the version is still unanswered: of two answers exactly one
     * changes the row; null for the other.
     */
    async decide(
      scope: TenantScope,
      id: string,
      answer: { status: 'approved' | 'declined'; approvedName: string | null; declineComment: string | null },
      at: Date,
      tx: Db,
    ): Promise<EstimateRow | null> {
      const rows = await tx
        .update(e)
        .set({ ...answer, decidedAt: at })
        .where(scoped(e, scope, eq(e.id, id), inArray(e.status, ['sent', 'opened'])))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Every partner's unanswered estimates (sent or opened, the newest version of their order)
     * whose last valid day is from today to the partner's reminder days ahead (pricing_configs;
     * the default where the partner has none, 0 = never); "today" at `at` in the partner's zone.
     */
    async dueReminders(at: Date): Promise<EstimateRow[]> {
      const today = sql`(${at.toISOString()}::timestamptz at time zone ${servicePartners.timeZone})::date`;
      const newer = sql`not exists (select 1 from ${e} n where n.service_order_id = ${e.serviceOrderId} and n.version > ${e.version})`;
      const days = sql`coalesce(${pricingConfigs.estimateReminderDays}, ${DEFAULT_ESTIMATE_REMINDER_DAYS})`;
      const rows = await db
        .select({ estimate: e })
        .from(e)
        .innerJoin(servicePartners, eq(servicePartners.id, e.servicePartnerId))
        .leftJoin(pricingConfigs, eq(pricingConfigs.servicePartnerId, e.servicePartnerId))
        .where(
          and(
            inArray(e.status, ['sent', 'opened']),
            isNull(e.reminderSentAt),
            sql`${days} > 0`,
            sql`${e.validUntil} >= ${today}`,
            sql`${e.validUntil} - ${today} <= ${days}`,
            newer,
          ),
        )
        .orderBy(asc(e.validUntil))
        .limit(500);
      return rows.map((r) => r.estimate);
    },

    /** Claims the reminder of a version once; false when it was claimed already. */
    async claimReminder(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(e)
        .set({ reminderSentAt: at })
        .where(and(eq(e.id, id), isNull(e.reminderSentAt)))
        .returning({ id: e.id });
      return rows.length === 1;
    },
  };
}

export type EstimatesRepository = ReturnType<typeof createEstimatesRepository>;
