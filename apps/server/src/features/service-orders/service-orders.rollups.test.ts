import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { scoped } from '../../db/tenant.ts';
import { filterConditions, o, type OrderFilters } from './service-orders.filters.ts';
import { createRollupCounts, rollupPlan } from './service-orders.list-counts.ts';
import { openTestDatabase } from '../../../test/helper.ts';

// The orders' roll-ups (migration 0049, decision 082) against the counts they replace: whatever
// statements write the orders (one row or many at once, inserts, updates, deletes), the triggers
// leave service_order_counts, service_order_days and service_order_technician_days equal to a
// recount from the orders.

let database: Database;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const NONE = '00000000-0000-0000-0000-000000000000';

async function lines(query: ReturnType<typeof sql>): Promise<string[]> {
  const result: unknown = await database.db.execute(query);
  return rowsOf(result)
    .map((r) => Object.values(r).map(String).join('|'))
    .sort();
}

/** The three tables, zero rows left out (subtractions may leave them). */
const rollups = () =>
  Promise.all([
    lines(sql`select service_partner_id, status, priority, service_type, orders, resolved, resolved_seconds::numeric(20,6)::text
                from service_order_counts where orders <> 0 or resolved <> 0 or resolved_seconds <> 0`),
    lines(sql`select service_partner_id, day::text, status, service_type, orders
                from service_order_days where orders <> 0`),
    lines(sql`select service_partner_id, day::text, technician_id, assigned, completed, cancelled, resolved,
                     resolved_seconds::numeric(20,6)::text
                from service_order_technician_days
               where assigned <> 0 or completed <> 0 or cancelled <> 0 or resolved <> 0 or resolved_seconds <> 0`),
  ]);

const done = sql`(o.status = 'completed' and o.completed_at is not null)`;
const seconds = sql`extract(epoch from o.completed_at - o.created_at)`;

/** The same figures counted from the orders as the dashboard and the stats used to. */
const recount = () =>
  Promise.all([
    lines(sql`select o.service_partner_id, o.status, o.priority, o.service_type, count(*) as orders,
                     count(*) filter (where ${done}) as resolved,
                     coalesce(sum(${seconds}) filter (where ${done}), 0)::numeric(20,6)::text as seconds
                from service_orders o group by 1, 2, 3, 4`),
    lines(sql`select o.service_partner_id, (o.created_at at time zone sp.time_zone)::date::text, o.status,
                     o.service_type, count(*)
                from service_orders o join service_partners sp on sp.id = o.service_partner_id
               group by 1, 2, 3, 4`),
    lines(sql`select partner, day, technician, sum(assigned) as assigned, sum(completed) as completed,
                     sum(cancelled) as cancelled, sum(resolved) as resolved, sum(seconds)::numeric(20,6)::text as seconds
                from (
                  select o.service_partner_id as partner, (o.created_at at time zone sp.time_zone)::date::text as day,
                         coalesce(o.assigned_technician_id, ${NONE}::uuid)::text as technician, 1 as assigned,
                         (o.status = 'completed')::int as completed, (o.status = 'cancelled')::int as cancelled,
                         0 as resolved, 0::numeric as seconds
                    from service_orders o join service_partners sp on sp.id = o.service_partner_id
                  union all
                  select o.service_partner_id, (o.completed_at at time zone sp.time_zone)::date::text,
                         coalesce(o.assigned_technician_id, ${NONE}::uuid)::text, 0, 0, 0, 1, ${seconds}
                    from service_orders o join service_partners sp on sp.id = o.service_partner_id
                   where ${done}
                ) x group by 1, 2, 3`),
  ]);

async function ids(query: ReturnType<typeof sql>): Promise<string[]> {
  const result: unknown = await database.db.execute(query);
  return rowsOf(result).map((r) => String(r.id));
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
}, 120_000);
afterAll(async () => database.close());

describe("the orders' roll-ups", () => {
  it('equal a recount after the demo data went in through the triggers', async () => {
    const [counts, days, technicians] = await rollups();
    expect(counts.length).toBeGreaterThan(5);
    expect(days.length).toBeGreaterThan(10);
    expect(technicians.length).toBeGreaterThan(10);
    expect(await rollups()).toEqual(await recount());
  });

  it('stay equal to a recount through any sequence of statements on the orders', async () => {
    const orders = await ids(sql`select id from service_orders order by id limit 40`);
    const technicians = await ids(sql`
      select t.id from technicians t
       where t.service_partner_id = (select service_partner_id from service_orders order by id limit 1)`);
    expect(orders.length).toBeGreaterThan(10);
    expect(technicians.length).toBeGreaterThan(0);
    const pick = (list: string[]) => fc.nat({ max: list.length - 1 }).map((i) => list[i]!);
    // One order, or several in one statement (a bulk change folds them once).
    const some = fc.uniqueArray(pick(orders), { minLength: 1, maxLength: 6 });
    const when = fc
      .integer({ min: 0, max: 400 * 24 * 60 })
      .map((m) => new Date(Date.UTC(2025, 0, 1) + m * 60_000 + 7_000).toISOString());
    const op = fc.oneof(
      fc.record({ kind: fc.constant('complete' as const), ids: some, at: when }),
      fc.record({ kind: fc.constant('reopen' as const), ids: some }),
      fc.record({
        kind: fc.constant('status' as const),
        ids: some,
        status: fc.constantFrom('created', 'scheduled', 'in_progress', 'on_hold', 'cancelled'),
      }),
      fc.record({ kind: fc.constant('moveCompleted' as const), ids: some, at: when }),
      fc.record({ kind: fc.constant('moveCreated' as const), ids: some, at: when }),
      fc.record({
        kind: fc.constant('classify' as const),
        ids: some,
        priority: fc.constantFrom('low', 'normal', 'high', 'critical'),
        serviceType: fc.constantFrom('repair', 'maintenance', 'warranty'),
      }),
      fc.record({
        kind: fc.constant('assign' as const),
        ids: some,
        technician: fc.oneof(
          { arbitrary: fc.constant(null), weight: 3 },
          { arbitrary: fc.constantFrom(...technicians), weight: 1 },
        ),
      }),
      fc.record({ kind: fc.constant('note' as const), ids: some }),
      fc.record({ kind: fc.constant('copy' as const), id: pick(orders) }),
    );
    const list = (values: string[]) =>
      sql.join(
        values.map((v) => sql`${v}::uuid`),
        sql`, `,
      );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const s of steps) {
          switch (s.kind) {
            case 'complete':
              await database.db.execute(
                sql`update service_orders set status = 'completed', completed_at = ${s.at}::timestamptz where id in (${list(s.ids)})`,
              );
              break;
            case 'reopen':
              await database.db.execute(
                sql`update service_orders set status = 'in_progress', completed_at = null where id in (${list(s.ids)})`,
              );
              break;
            case 'status':
              await database.db.execute(
                sql`update service_orders set status = ${s.status}, completed_at = null where id in (${list(s.ids)})`,
              );
              break;
            case 'moveCompleted':
              await database.db.execute(
                sql`update service_orders set completed_at = ${s.at}::timestamptz where id in (${list(s.ids)}) and completed_at is not null`,
              );
              break;
            case 'moveCreated':
              await database.db.execute(
                sql`update service_orders set created_at = ${s.at}::timestamptz where id in (${list(s.ids)})`,
              );
              break;
            case 'classify':
              await database.db.execute(
                sql`update service_orders set priority = ${s.priority}, service_type = ${s.serviceType} where id in (${list(s.ids)})`,
              );
              break;
            case 'assign':
              await database.db.execute(
                sql`update service_orders set assigned_technician_id = ${s.technician} where id in (${list(s.ids)})`,
              );
              break;
            case 'note':
              // A write that moves none of the counted columns.
              await database.db.execute(
                sql`update service_orders set internal_notes = 'checked' where id in (${list(s.ids)})`,
              );
              break;
            case 'copy':
              // A new order: a copy of another with its own number.
              await database.db.execute(sql`
                insert into service_orders
                select * from jsonb_populate_record(null::service_orders, (
                  select to_jsonb(o) || jsonb_build_object('id', gen_random_uuid(),
                           'order_number', 'SO-PROP-' || substr(md5(random()::text), 1, 10))
                    from service_orders o where o.id = ${s.id}))`);
              break;
          }
        }
        expect(await rollups()).toEqual(await recount());
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('forget the orders that are deleted, several in one statement', async () => {
    const doomed = await ids(
      sql`select id from service_orders where status = 'completed' order by id desc limit 3`,
    );
    expect(doomed).toHaveLength(3);
    const before = await rollups();
    const list = sql.join(
      doomed.map((v) => sql`${v}::uuid`),
      sql`, `,
    );
    await database.db.transaction(async (tx) => {
      for (const table of ['service_order_status_history', 'service_order_spare_parts', 'work_logs'])
        await tx.execute(sql`delete from ${sql.identifier(table)} where service_order_id in (${list})`);
      await tx.execute(sql`delete from service_orders where id in (${list})`);
    });
    const after = await rollups();
    expect(after).not.toEqual(before);
    expect(after).toEqual(await recount());
  });

  it("move a partner's days when its time zone changes", async () => {
    const before = await rollups();
    await database.db.execute(sql`update service_partners set time_zone = 'Pacific/Kiritimati'`);
    const after = await rollups();
    expect(after[1]).not.toEqual(before[1]);
    expect(after).toEqual(await recount());
  });

  it('are rebuilt from scratch to the same rows', async () => {
    const before = await rollups();
    await database.db.execute(sql`select service_order_rollups_rebuild()`);
    expect(await rollups()).toEqual(before);
  });

  it("answer the order list's totals as a count of the orders would, whatever the range", async () => {
    const counts = createRollupCounts(database.db);
    const [partner] = await ids(
      sql`select service_partner_id as id from service_orders group by 1 order by count(*) desc limit 1`,
    );
    const technicians = await ids(
      sql`select id from technicians where service_partner_id = ${partner!}::uuid`,
    );
    const zone = rowsOf(
      await database.db.execute(sql`select time_zone from service_partners where id = ${partner!}::uuid`),
    )[0]!.time_zone as string;
    const scope = { partnerId: partner! };
    // Instants anywhere, or the partner's midnights (a dashboard link's bounds), from 2024 to 2027.
    // Near the partner's own orders (a few hours either side of one's creation or completion), so
    // that the partial days at a range's ends hold orders; or one of its midnights.
    const moments = rowsOf(
      await database.db.execute(sql`
        select extract(epoch from created_at)::bigint as created, extract(epoch from completed_at)::bigint as completed
          from service_orders where service_partner_id = ${partner!}::uuid`),
    ).flatMap((r) => [Number(r.created), ...(r.completed === null ? [] : [Number(r.completed)])]);
    const instant = fc.oneof(
      fc
        .tuple(fc.constantFrom(...moments), fc.integer({ min: -6 * 60, max: 6 * 60 }))
        .map(([at, m]) => new Date(at * 1000 + m * 60_000 + 1_000).toISOString()),
      fc.integer({ min: 0, max: 3 * 366 }).map((d) => `midnight:${d}`),
    );
    const toIso = async (value: string | undefined) => {
      if (!value?.startsWith('midnight:')) return value;
      const day = new Date(Date.UTC(2024, 0, 1) + Number(value.slice(9)) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const row = rowsOf(
        await database.db.execute(
          sql`select to_char(((${day}::date)::timestamp at time zone ${zone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
        ),
      )[0]!;
      return String(row.at);
    };
    const statuses = fc.subarray(
      ['created', 'scheduled', 'in_progress', 'completed', 'cancelled', 'on_hold'] as const,
      {
        maxLength: 3,
      },
    );
    const filters = fc.record(
      {
        status: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: statuses, weight: 1 }),
        // Mostly the shapes the roll-ups keep, some they do not (counted from the orders).
        priority: fc.oneof(
          { arbitrary: fc.constant([]), weight: 5 },
          {
            arbitrary: fc.subarray(['low', 'normal', 'high', 'critical'] as const, { maxLength: 2 }),
            weight: 1,
          },
        ),
        serviceType: fc.oneof(
          { arbitrary: fc.constant([]), weight: 2 },
          {
            arbitrary: fc.subarray(['repair', 'maintenance', 'warranty'] as const, { maxLength: 2 }),
            weight: 1,
          },
        ),
        technician: fc.option(fc.constantFrom(...technicians)),
        createdFrom: fc.option(instant),
        createdTo: fc.option(instant),
        completedFrom: fc.option(instant),
        completedTo: fc.option(instant),
        completedOnly: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(filters, async (r) => {
        const f: OrderFilters = {
          ...(r.completedOnly ? { status: ['completed'] } : r.status?.length ? { status: r.status } : {}),
          ...(r.priority?.length ? { priority: r.priority } : {}),
          ...(r.serviceType?.length ? { serviceType: r.serviceType } : {}),
          ...(r.technician ? { assignedTechnicianId: r.technician } : {}),
          ...(r.completedOnly
            ? {
                completedFrom: await toIso(r.completedFrom ?? undefined),
                completedTo: await toIso(r.completedTo ?? undefined),
              }
            : {
                createdFrom: await toIso(r.createdFrom ?? undefined),
                createdTo: await toIso(r.createdTo ?? undefined),
              }),
        };
        const fromRollup = await counts.count(scope, f);
        if (fromRollup === undefined) {
          expect(rollupPlan(f)).toBeUndefined();
          return;
        }
        answered++;
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(o)
          .where(scoped(o, scope, ...filterConditions(scope, f)));
        expect({ f, n: fromRollup }).toEqual({ f, n: row!.n });
      }),
      { numRuns: 200 },
    );
    // Most shapes a dashboard link sets are answered from the roll-ups.
    expect(answered).toBeGreaterThan(60);
  }, 120_000);
});
