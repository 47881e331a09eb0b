import { and, eq, not, or, sql } from 'drizzle-orm';
import type { ReminderKind, ReminderMethod } from '@service-portal/shared/rentals';
import type { RentalSettings } from '@service-portal/shared/rentals-overview';
import { DEFAULT_RENTAL_SETTINGS } from '@service-portal/shared/rentals-overview';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { rentalProducts, rentalReminders, rentals, rentalSettings } from '../../db/schema/rentals.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { overdueSql } from './rentals.overdue-sql.ts';

const p = rentalProducts;
const r = rentals;

/** The reminders' Drizzle code: the partner's settings, the due reminders and their claims. */
export function createRentalRemindersRepository(db: Db) {
  return {
    async getSettings(scope: TenantScope): Promise<RentalSettings> {
      const rows = await db
        .select()
        .from(rentalSettings)
        .where(eq(rentalSettings.servicePartnerId, scope.partnerId));
      const row = rows[0];
      if (!row) return DEFAULT_RENTAL_SETTINGS;
      return {
        reminderMethod: row.reminderMethod,
        reminderDaysBefore: row.reminderDaysBefore,
        sendOverdueReminder: row.sendOverdueReminder,
        version: row.version,
      };
    },

    /** Saves the settings if `version` is the stored one (0: none stored yet). */
    async saveSettings(scope: TenantScope, s: RentalSettings): Promise<boolean> {
      const values = {
        reminderMethod: s.reminderMethod,
        reminderDaysBefore: s.reminderDaysBefore,
        sendOverdueReminder: s.sendOverdueReminder,
      };
      if (s.version === 0) {
        const rows = await db
          .insert(rentalSettings)
          .values({ ...values, servicePartnerId: scope.partnerId })
          .onConflictDoNothing()
          .returning({ v: rentalSettings.version });
        return rows.length === 1;
      }
      const rows = await db
        .update(rentalSettings)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${rentalSettings.version} + 1` })
        .where(
          and(eq(rentalSettings.servicePartnerId, scope.partnerId), eq(rentalSettings.version, s.version)),
        )
        .returning({ v: rentalSettings.version });
      return rows.length === 1;
    },

    /**
     * Every partner's active rentals that a reminder is due for at `now` and that have not had
     * it: `due_soon` when the due date is within the partner's days-before (today included),
     * `overdue` once the due date has passed in the partner's zone.
     */
    async dueReminders(now: Date) {
      const today = sql`(${now.toISOString()}::timestamptz at time zone ${servicePartners.timeZone})::date`;
      const method = sql<ReminderMethod>`coalesce(${rentalSettings.reminderMethod}, ${DEFAULT_RENTAL_SETTINGS.reminderMethod})`;
      const daysBefore = sql`coalesce(${rentalSettings.reminderDaysBefore}, ${DEFAULT_RENTAL_SETTINGS.reminderDaysBefore})`;
      const overdueOn = sql`coalesce(${rentalSettings.sendOverdueReminder}, ${DEFAULT_RENTAL_SETTINGS.sendOverdueReminder})`;
      const overdue = overdueSql(r.status, r.dueDate, today);
      const kind = sql<ReminderKind>`case when ${overdue} then 'overdue' else 'due_soon' end`;
      const rows = await db
        .select({
          rentalId: r.id,
          servicePartnerId: r.servicePartnerId,
          kind,
          method,
          customerId: r.customerId,
          customerName: r.customerName,
          customerEmail: r.customerEmail,
          customerPhone: r.customerPhone,
          dueDate: r.dueDate,
          unitName: p.name,
          serialNumber: p.serialNumber,
          partnerName: servicePartners.name,
        })
        .from(r)
        .innerJoin(p, eq(p.id, r.rentalProductId))
        .innerJoin(servicePartners, eq(servicePartners.id, r.servicePartnerId))
        .leftJoin(rentalSettings, eq(rentalSettings.servicePartnerId, r.servicePartnerId))
        .where(
          and(
            eq(r.status, 'active'),
            sql`${method} <> 'none'`,
            or(
              and(overdue, sql`${overdueOn}`),
              and(sql`${daysBefore} > 0`, not(overdue), sql`${r.dueDate} - ${today} <= ${daysBefore}`),
            ),
            sql`not exists (select 1 from ${rentalReminders} where ${rentalReminders.rentalId} = ${r.id} and ${rentalReminders.kind} = ${kind})`,
          ),
        )
        .limit(500);
      return rows;
    },

    /**
     * Rentals of every partner that are overdue on the partner's today and fell due within the
     * last `withinDays` days (the webhook job reports each once; older ones were reported then).
     */
    async newlyOverdue(now: Date, withinDays: number) {
      const today = sql`(${now.toISOString()}::timestamptz at time zone ${servicePartners.timeZone})::date`;
      return db
        .select({ rentalId: r.id, servicePartnerId: r.servicePartnerId })
        .from(r)
        .innerJoin(servicePartners, eq(servicePartners.id, r.servicePartnerId))
        .where(and(overdueSql(r.status, r.dueDate, today), sql`${r.dueDate} > ${today} - ${withinDays}::int`))
        .limit(1000);
    },

    /** Claims a reminder: false when it was claimed (sent) before. The key is (rental, kind). */
    async claimReminder(
      scope: TenantScope,
      rentalId: string,
      kind: ReminderKind,
      method: ReminderMethod,
    ): Promise<boolean> {
      const rows = await db
        .insert(rentalReminders)
        .values({ rentalId, kind, method, servicePartnerId: scope.partnerId })
        .onConflictDoNothing()
        .returning({ id: rentalReminders.rentalId });
      return rows.length === 1;
    },

    async setReminderCommunication(rentalId: string, kind: ReminderKind, communicationId: string) {
      await db
        .update(rentalReminders)
        .set({ communicationId })
        .where(and(eq(rentalReminders.rentalId, rentalId), eq(rentalReminders.kind, kind)));
    },

    async releaseReminder(rentalId: string, kind: ReminderKind) {
      await db
        .delete(rentalReminders)
        .where(and(eq(rentalReminders.rentalId, rentalId), eq(rentalReminders.kind, kind)));
    },

    async remindersOf(scope: TenantScope, rentalId: string) {
      return db
        .select()
        .from(rentalReminders)
        .where(scoped(rentalReminders, scope, eq(rentalReminders.rentalId, rentalId)));
    },
  };
}
