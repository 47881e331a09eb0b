import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rentals } from '../../db/schema/rentals.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { asWriteMiss, type WriteMiss } from './rentals.write-miss.ts';

const r = rentals;

/** Hand-over of a booking and its undo (decision 052): the Drizzle code. */
export function createRentalHandOverRepository(db: Db) {
  return {
    /**
     * Whether the unit is out before a rental's start (decision 052): a booking handed over before
     * its start holds the unit from today. True when such a rental starts after `range.start`, or,
     * for a hand-over before its start (`range.start` after today), when another reservation of the
     * unit lies between today and that start.
     */
    async outEarly(
      scope: TenantScope,
      productId: string,
      /** `handOver`: the range of a booking being handed over now. */
      range: { start: string; due: string; handOver: boolean },
      today: string,
      exceptId: string | null,
      tx: Db,
    ) {
      const heldEarly = and(
        eq(r.status, 'active'),
        sql`${r.startDate} > ${today}::date`,
        sql`${r.startDate} > ${range.start}::date`,
        sql`${range.due}::date >= ${today}::date`,
      );
      const inTheGap =
        range.handOver && range.start > today
          ? and(
              inArray(r.status, ['booked', 'active']),
              sql`${r.startDate} < ${range.start}::date`,
              sql`${r.dueDate} >= ${today}::date`,
            )
          : undefined;
      const rows = await tx
        .select({ id: r.id })
        .from(r)
        .where(
          scoped(
            r,
            scope,
            eq(r.rentalProductId, productId),
            inTheGap ? or(heldEarly, inTheGap) : heldEarly,
            exceptId ? ne(r.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * A booking is handed over: it becomes the rental from `startDate`; the booked start is kept
     * and `updated_at` = `handed_over_at` = `at`, which says "nothing happened since" to undo.
     */
    async handOverIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      values: { startDate: string; bookedStartDate: string; at: Date },
      tx: Db,
    ): Promise<boolean | WriteMiss> {
      try {
        const rows = await tx
          .update(r)
          .set({
            kind: 'rental',
            status: 'active',
            startDate: values.startDate,
            bookedStartDate: values.bookedStartDate,
            handedOverAt: values.at,
            updatedAt: values.at,
            version: sql`${r.version} + 1`,
          })
          .where(scoped(r, scope, eq(r.id, id), eq(r.version, version), eq(r.status, 'booked')))
          .returning({ id: r.id });
        return rows.length === 1;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    /**
     * Undo of a hand-over: back to the booking it was, while nothing else happened to it
     * (`updated_at` = `handed_over_at`) and the hand-over is not older than `since`.
     */
    async undoHandOverIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      since: Date,
    ): Promise<boolean | WriteMiss> {
      try {
        const rows = await db
          .update(r)
          .set({
            kind: 'booking',
            status: 'booked',
            startDate: sql`${r.bookedStartDate}`,
            bookedStartDate: null,
            handedOverAt: null,
            updatedAt: sql`now()`,
            version: sql`${r.version} + 1`,
          })
          .where(
            scoped(
              r,
              scope,
              eq(r.id, id),
              eq(r.version, version),
              eq(r.status, 'active'),
              sql`${r.bookedStartDate} is not null`,
              sql`${r.handedOverAt} = ${r.updatedAt}`,
              sql`${r.handedOverAt} >= ${since.toISOString()}::timestamptz`,
            ),
          )
          .returning({ id: r.id });
        return rows.length === 1;
      } catch (err) {
        return asWriteMiss(err);
      }
    },
  };
}
