import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveRentalStatus, isOverdue, STORED_RENTAL_STATUSES } from '@service-portal/shared/rentals';
import type { StoredRentalStatus } from '@service-portal/shared/rentals';
import { addDays, zonedMidnight } from '@service-portal/shared/zoned-days';
import { overdueSql } from './rentals.overdue-sql.ts';

/**
 * The overdue rule lives in packages/shared (OVERDUE_RULE, isOverdue); the repository's queries
 * spell it once, in overdueSql. One table of cases runs through both, so neither can drift.
 */
let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle(client);
});
afterAll(async () => client?.close());

const TODAYS = ['2026-03-01', '2026-01-01', '2028-02-29', '2026-10-25'];
const OFFSETS = [-400, -31, -2, -1, 0, 1, 2, 30];

const cases = TODAYS.flatMap((today) =>
  STORED_RENTAL_STATUSES.flatMap((status) =>
    OFFSETS.map((offset) => ({ status, dueDate: addDays(today, offset), today })),
  ),
);

async function sqlSays(rows: { status: StoredRentalStatus; dueDate: string; today: string }[]) {
  const values = sql.join(
    rows.map((c, i) => sql`(${i}::int, ${c.status}::text, ${c.dueDate}::date, ${c.today}::text)`),
    sql`, `,
  );
  const result = await db.execute<{ i: number; overdue: boolean }>(
    sql`select v.i, ${overdueSql(sql.raw('v.status'), sql.raw('v.due_date'), sql.raw('v.today::date'))} as overdue
        from (values ${values}) as v(i, status, due_date, today) order by v.i`,
  );
  return result.rows.map((row) => row.overdue);
}

describe('the overdue rule: shared and SQL agree', () => {
  it('gives the same answer for every stored status and due date around today', async () => {
    const pure = cases.map((c) => isOverdue(c.status, c.dueDate, c.today));
    expect(await sqlSays(cases)).toEqual(pure);
    // The table is not trivial: both answers occur, and only for active rentals.
    expect(pure.filter(Boolean).length).toBe(TODAYS.length * 4);
    expect(cases.filter((c, i) => pure[i] && c.status !== 'active')).toEqual([]);
  });

  it('takes a day given as text the way it takes one given as a date', async () => {
    const result = await db.execute<{ overdue: boolean }>(
      sql`select ${overdueSql(sql`'active'`, sql`'2026-02-28'::date`, '2026-03-01')} as overdue`,
    );
    expect(result.rows[0]?.overdue).toBe(true);
  });

  it('is what a screen shows: due yesterday in the partner zone is overdue from its midnight', () => {
    const oslo = 'Europe/Oslo';
    const midnight = zonedMidnight(oslo, 2026, 3, 5);
    expect(effectiveRentalStatus('active', '2026-03-04', new Date(midnight.getTime() - 1), oslo)).toBe(
      'active',
    );
    expect(effectiveRentalStatus('active', '2026-03-04', midnight, oslo)).toBe('overdue');
    expect(effectiveRentalStatus('returned', '2026-03-04', midnight, oslo)).toBe('returned');
  });
});
