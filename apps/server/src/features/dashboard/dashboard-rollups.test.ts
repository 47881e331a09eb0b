import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { openTestDatabase } from '../../../test/helper.ts';

// The orders' roll-ups (migration 0049, decision 082) against the counts they replace: whatever
// statements write the orders (one row or many at once, inserts, updates, deletes), the triggers
// leave service_order_counts, dashboard_order_days and dashboard_technician_days equal to a
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
                from dashboard_order_days where orders <> 0`),
    lines(sql`select service_partner_id, day::text, technician_id, assigned, completed, cancelled, resolved,
                     resolved_seconds::numeric(20,6)::text
                from dashboard_technician_days
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
        technician: fc.option(pick(technicians)),
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
});
