import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { openTestDatabase } from '../../../test/helper.ts';

// The orders' money totals (migration 0053, decision 084) against a sum of the lines and logs they
// stand for: whatever statements write the spare-part lines or the work logs (one row or several
// orders' at once, inserts, updates, moves between orders, deletes, an order deleted with its
// lines), service_orders.parts_totals and labour_totals equal a recount.

let database: Database;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function lines(query: ReturnType<typeof sql>): Promise<string[]> {
  const result: unknown = await database.db.execute(query);
  return rowsOf(result)
    .map((r) => Object.values(r).map(String).join('|'))
    .sort();
}

/** What the triggers keep: "NOK 378000 EUR 2500" per order (currencies in order). */
const kept = () =>
  lines(sql`
    select o.id, coalesce(o.parts_totals, '-') as parts, coalesce(o.labour_totals, '-') as labour
      from service_orders o`);

/** The same figures summed from the lines and the logs, as the export used to. */
const recount = () =>
  lines(sql`
    select o.id,
           coalesce((select string_agg(g.currency || ' ' || g.amount, ' ' order by g.currency)
                       from (select p.currency, sum(p.quantity::bigint * p.unit_cost_minor) as amount
                               from service_order_spare_parts p where p.service_order_id = o.id
                              group by p.currency) g), '-') as parts,
           coalesce((select string_agg(g.currency || ' ' || g.amount, ' ' order by g.currency)
                       from (select w.currency, coalesce(sum(w.cost_minor), 0) as amount
                               from work_logs w
                              where w.service_order_id = o.id and w.status = 'completed' and w.billable
                                and w.currency is not null
                              group by w.currency) g), '-') as labour
      from service_orders o`);

async function ids(query: ReturnType<typeof sql>): Promise<string[]> {
  const result: unknown = await database.db.execute(query);
  return rowsOf(result).map((r) => String(r.id));
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
}, 120_000);
afterAll(async () => database.close());

describe("the orders' money totals", () => {
  it('equal a recount after the demo data went in through the triggers', async () => {
    const totals = await kept();
    expect(totals.filter((t) => !t.endsWith('|-|-')).length).toBeGreaterThan(3);
    expect(totals).toEqual(await recount());
    // Null, never an empty text, for an order without lines or logs.
    const empty = await lines(
      sql`select count(*) from service_orders where parts_totals = '' or labour_totals = ''`,
    );
    expect(empty).toEqual(['0']);
  });

  it('stay equal to a recount through any sequence of statements on the lines and the logs', async () => {
    const [partner] = await ids(
      sql`select service_partner_id as id from service_orders group by 1 order by count(*) desc limit 1`,
    );
    const orders = await ids(
      sql`select id from service_orders where service_partner_id = ${partner!}::uuid order by id limit 12`,
    );
    expect(orders.length).toBeGreaterThan(5);
    const pick = (values: string[]) => fc.nat({ max: values.length - 1 }).map((i) => values[i]!);
    // One order, or several in one statement.
    const some = fc.uniqueArray(pick(orders), { minLength: 1, maxLength: 4 });
    const currency = fc.constantFrom('NOK', 'NOK', 'EUR', 'USD');
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('addParts' as const),
        ids: some,
        quantity: fc.integer({ min: 1, max: 9 }),
        unitCost: fc.integer({ min: 0, max: 2_000_000 }),
        currency,
      }),
      fc.record({
        kind: fc.constant('reprice' as const),
        ids: some,
        unitCost: fc.integer({ min: 0, max: 90_000 }),
      }),
      fc.record({
        kind: fc.constant('recount' as const),
        ids: some,
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
      fc.record({ kind: fc.constant('recurrency' as const), ids: some, currency }),
      fc.record({ kind: fc.constant('moveParts' as const), from: pick(orders), to: pick(orders) }),
      fc.record({ kind: fc.constant('noteParts' as const), ids: some }),
      fc.record({ kind: fc.constant('dropParts' as const), ids: some }),
      fc.record({
        kind: fc.constant('addLogs' as const),
        ids: some,
        status: fc.constantFrom('open', 'completed'),
        billable: fc.boolean(),
        cost: fc.option(fc.integer({ min: 0, max: 500_000 })),
        currency: fc.option(currency),
      }),
      fc.record({
        kind: fc.constant('completeLogs' as const),
        ids: some,
        cost: fc.integer({ min: 1, max: 90_000 }),
      }),
      fc.record({ kind: fc.constant('unbill' as const), ids: some }),
      fc.record({ kind: fc.constant('dropLogs' as const), ids: some }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          switch (s.kind) {
            case 'addParts':
              await database.db.execute(sql`
                insert into service_order_spare_parts
                  (service_partner_id, service_order_id, part_number, part_name, quantity, unit_cost_minor, currency)
                select o.service_partner_id, o.id, 'P-PROP', 'Property part', ${s.quantity}, ${s.unitCost}, ${s.currency}
                  from service_orders o where o.id in (${list(s.ids)})`);
              break;
            case 'reprice':
              await database.db.execute(
                sql`update service_order_spare_parts set unit_cost_minor = ${s.unitCost} where service_order_id in (${list(s.ids)})`,
              );
              break;
            case 'recount':
              await database.db.execute(
                sql`update service_order_spare_parts set quantity = ${s.quantity} where service_order_id in (${list(s.ids)})`,
              );
              break;
            case 'recurrency':
              await database.db.execute(
                sql`update service_order_spare_parts set currency = ${s.currency} where service_order_id in (${list(s.ids)})`,
              );
              break;
            case 'moveParts':
              // A line moved to another order: both orders' totals move.
              await database.db.execute(
                sql`update service_order_spare_parts set service_order_id = ${s.to}::uuid where service_order_id = ${s.from}::uuid`,
              );
              break;
            case 'noteParts':
              // A write that moves no amount.
              await database.db.execute(
                sql`update service_order_spare_parts set notes = 'checked' where service_order_id in (${list(s.ids)})`,
              );
              break;
            case 'dropParts':
              await database.db.execute(
                sql`delete from service_order_spare_parts where service_order_id in (${list(s.ids)})`,
              );
              break;
            case 'addLogs':
              await database.db.execute(sql`
                insert into work_logs (service_partner_id, service_order_id, category, status, billable, cost_minor, currency,
                                       completed_at)
                select o.service_partner_id, o.id, 'other', ${s.status}, ${s.billable}, ${s.cost}, ${s.currency},
                       case when ${s.status} = 'completed' then now() end
                  from service_orders o where o.id in (${list(s.ids)})`);
              break;
            case 'completeLogs':
              await database.db.execute(sql`
                update work_logs set status = 'completed', completed_at = now(), cost_minor = ${s.cost},
                                     currency = coalesce(currency, 'NOK')
                 where service_order_id in (${list(s.ids)}) and status = 'open'`);
              break;
            case 'unbill':
              await database.db.execute(
                sql`update work_logs set billable = false where service_order_id in (${list(s.ids)})`,
              );
              break;
            case 'dropLogs':
              await database.db.execute(
                sql`delete from work_logs where service_order_id in (${list(s.ids)})`,
              );
              break;
          }
        }
        expect(await kept()).toEqual(await recount());
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('go with an order that is deleted with its lines and logs', async () => {
    const [doomed] = await ids(
      sql`select id from service_orders where parts_totals is not null order by id desc limit 1`,
    );
    expect(doomed).toBeDefined();
    await database.db.transaction(async (tx) => {
      for (const table of ['service_order_status_history', 'work_logs'])
        await tx.execute(sql`delete from ${sql.identifier(table)} where service_order_id = ${doomed!}::uuid`);
      // The lines go by the order's ON DELETE CASCADE: their trigger finds the order gone.
      await tx.execute(sql`delete from service_orders where id = ${doomed!}::uuid`);
    });
    expect(
      await ids(sql`select id from service_order_spare_parts where service_order_id = ${doomed!}::uuid`),
    ).toEqual([]);
    expect(await kept()).toEqual(await recount());
  });

  it('are rebuilt from scratch to the same values, and leave the field history alone', async () => {
    const before = await kept();
    await database.db.execute(sql`update service_orders set parts_totals = null, labour_totals = null`);
    await database.db.execute(sql`select service_order_totals_rebuild()`);
    expect(await kept()).toEqual(before);
    const events = await lines(
      sql`select count(*) from history_events where field in ('parts_totals', 'labour_totals')`,
    );
    expect(events).toEqual(['0']);
  });
});
