import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { openTestDatabase } from '../../../test/helper.ts';

// The revenue roll-up (migration 0019) against the join it replaces: whatever happens to orders,
// their spare-part lines and work logs, the triggers leave the table equal to a recount.

let database: Database;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const key = (r: Record<string, unknown>) =>
  `${String(r.partner)}|${String(r.day)}|${String(r.currency)}|${String(r.parts)}|${String(r.labour)}`;

async function rollup(): Promise<string[]> {
  const result: unknown = await database.db.execute(sql`
    select service_partner_id as partner, day::text as day, currency, parts_minor::text as parts, labour_minor::text as labour
      from dashboard_revenue where parts_minor <> 0 or labour_minor <> 0`);
  return rowsOf(result).map(key).sort();
}

async function recount(): Promise<string[]> {
  const result: unknown = await database.db.execute(sql`
    select partner, (at at time zone sp.time_zone)::date::text as day, currency,
           sum(parts)::text as parts, sum(labour)::text as labour
      from (
        select o.service_partner_id as partner, o.completed_at as at, p.currency,
               p.quantity::bigint * p.unit_cost_minor as parts, 0::bigint as labour
          from service_orders o join service_order_spare_parts p on p.service_order_id = o.id
         where o.status = 'completed' and o.completed_at is not null
        union all
        select o.service_partner_id, o.completed_at, w.currency, 0, w.cost_minor
          from service_orders o join work_logs w on w.service_order_id = o.id
         where o.status = 'completed' and o.completed_at is not null and w.status = 'completed'
           and w.currency is not null and w.cost_minor is not null
      ) x join service_partners sp on sp.id = x.partner group by 1, 2, 3
     having sum(parts) <> 0 or sum(labour) <> 0`);
  return rowsOf(result).map(key).sort();
}

async function ids(query: ReturnType<typeof sql>): Promise<string[]> {
  const result: unknown = await database.db.execute(query);
  return rowsOf(result).map((r) => String(r.id));
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
}, 120_000);
afterAll(async () => database.close());

describe('dashboard revenue roll-up', () => {
  it('equals a recount after the demo data went in through the triggers', async () => {
    const rows = await rollup();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(await recount());
  });

  it('stays equal to a recount through any sequence of changes to orders, lines and logs', async () => {
    const orders = await ids(sql`select id from service_orders order by id limit 40`);
    const parts = await ids(sql`select id from service_order_spare_parts order by id limit 40`);
    const logs = await ids(sql`select id from work_logs order by id limit 40`);
    expect(orders.length * parts.length * logs.length).toBeGreaterThan(0);
    const pick = (list: string[]) => fc.nat({ max: list.length - 1 }).map((i) => list[i]!);
    const when = fc
      .integer({ min: 0, max: 400 * 24 * 60 })
      .map((m) => new Date(Date.UTC(2025, 0, 1) + m * 60_000 + 7_000).toISOString());
    const op = fc.oneof(
      fc.record({ kind: fc.constant('complete' as const), id: pick(orders), at: when }),
      fc.record({ kind: fc.constant('reopen' as const), id: pick(orders) }),
      fc.record({ kind: fc.constant('move' as const), id: pick(orders), at: when }),
      fc.record({
        kind: fc.constant('reprice' as const),
        id: pick(parts),
        quantity: fc.integer({ min: 1, max: 9 }),
        cost: fc.integer({ min: 0, max: 100_000 }),
        currency: fc.constantFrom('NOK', 'EUR', 'SEK'),
      }),
      fc.record({ kind: fc.constant('copyPart' as const), id: pick(parts), to: pick(orders) }),
      fc.record({ kind: fc.constant('deletePart' as const), id: pick(parts) }),
      fc.record({
        kind: fc.constant('log' as const),
        id: pick(logs),
        status: fc.constantFrom('open', 'completed'),
        cost: fc.option(fc.integer({ min: 0, max: 90_000 })),
      }),
      fc.record({ kind: fc.constant('deleteLog' as const), id: pick(logs) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          switch (s.kind) {
            case 'complete':
              await database.db.execute(
                sql`update service_orders set status = 'completed', completed_at = ${s.at}::timestamptz where id = ${s.id}`,
              );
              break;
            case 'reopen':
              await database.db.execute(
                sql`update service_orders set status = 'in_progress', completed_at = null where id = ${s.id}`,
              );
              break;
            case 'move':
              await database.db.execute(
                sql`update service_orders set completed_at = ${s.at}::timestamptz where id = ${s.id} and completed_at is not null`,
              );
              break;
            case 'reprice':
              await database.db.execute(
                sql`update service_order_spare_parts set quantity = ${s.quantity}, unit_cost_minor = ${s.cost}, currency = ${s.currency} where id = ${s.id}`,
              );
              break;
            case 'copyPart':
              // Within the order's own partner, as the API allows.
              await database.db.execute(sql`
                insert into service_order_spare_parts
                  (service_partner_id, service_order_id, position, part_number, part_name, quantity, unit_cost_minor, currency)
                select o.service_partner_id, o.id, 99, p.part_number, p.part_name, p.quantity, p.unit_cost_minor, p.currency
                  from service_order_spare_parts p, service_orders o where p.id = ${s.id} and o.id = ${s.to}`);
              break;
            case 'deletePart':
              await database.db.execute(sql`delete from service_order_spare_parts where id = ${s.id}`);
              break;
            case 'log':
              await database.db.execute(
                sql`update work_logs set status = ${s.status}, cost_minor = ${s.cost} where id = ${s.id}`,
              );
              break;
            case 'deleteLog':
              await database.db.execute(sql`delete from work_logs where id = ${s.id}`);
              break;
          }
        }
        expect(await rollup()).toEqual(await recount());
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('forgets an order that is deleted, with its lines and logs', async () => {
    const [id] = await ids(sql`
      select o.id from service_orders o
       where o.status = 'completed' and exists (select 1 from service_order_spare_parts p where p.service_order_id = o.id)
       limit 1`);
    expect(id).toBeDefined();
    const before = await rollup();
    await database.db.execute(sql`delete from service_order_status_history where service_order_id = ${id!}`);
    await database.db.execute(sql`delete from service_orders where id = ${id!}`);
    const after = await rollup();
    expect(after).not.toEqual(before);
    expect(after).toEqual(await recount());
  });

  it("moves a partner's days when its time zone changes", async () => {
    const before = await rollup();
    await database.db.execute(sql`update service_partners set time_zone = 'Pacific/Kiritimati'`);
    const after = await rollup();
    expect(after).not.toEqual(before);
    expect(after).toEqual(await recount());
  });

  it('is rebuilt from scratch to the same rows', async () => {
    const before = await rollup();
    await database.db.execute(sql`select dashboard_revenue_rebuild()`);
    expect(await rollup()).toEqual(before);
  });
});
