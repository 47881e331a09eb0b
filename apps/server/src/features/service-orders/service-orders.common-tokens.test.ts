import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { createServiceOrdersRepository } from './service-orders.repository.ts';
import { termTokens } from './service-orders.filters.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

// A partner's common search tokens (service-orders.common-tokens.ts) and the searches that leave
// them out of the index condition: the answers must not change, only the work behind them.

let w: OrdersWorld;
const SURNAMES = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Berg', 'Haugen', 'Bakke', 'Lie', 'Dahl', 'Moen'];
const FIRST = ['Kari', 'Ola', 'Ingrid', 'Per', 'Nora', 'Lars', 'Siri', 'Jon'];
const COUNT = 320;
/** Sampled although small: the whole table is the sample. */
const SAMPLED = { commonTokens: { minOrders: 100 } };

beforeAll(async () => {
  w = await createOrdersWorld();
  const template = (
    await w.api(w.tokens.manager).post('/service-orders', orderInput({ customerName: 'Mal Kunde' }))
  ).json<ServiceOrder>();
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = i === 7 ? 'Zyxwvut' : SURNAMES[i % SURNAMES.length]!;
    return {
      servicePartnerId: w.partners.nordic,
      orderNumber: `SO-2031-${String(i + 1).padStart(6, '0')}`,
      title: `Sampled order ${i + 1}`,
      serviceType: 'repair' as const,
      priority: 'normal' as const,
      status: 'created' as const,
      currency: 'NOK' as const,
      serialNumber: `CT-${1000 + i}`,
      customerId: template.customerId,
      customerName: `${first} ${last}`,
      customerEmail: `${first}.${last}${i}@example.com`.toLowerCase(),
      customerPhone: `+47 9${String(1000000 + i * 37).slice(-7)}`,
      checkpoints: template.checkpoints,
      createdAt: sql`timestamptz '2031-01-01 00:00:00+00' + ${i} * interval '1 hour'`,
    };
  });
  await w.ctx.app.db.insert(serviceOrders).values(rows);
});
afterAll(async () => w.ctx.close());

const scope = () => ({ partnerId: w.partners.nordic });

async function tokensOf(term: string, common: readonly string[] = []): Promise<string[]> {
  const result: unknown = await w.ctx.app.db.execute(
    sql`select t::text as t from unnest(${termTokens(scope(), term, common)}) as t`,
  );
  return (result as { rows: { t: string }[] }).rows.map((r) => r.t).sort();
}

describe("a partner's common search tokens", () => {
  it('are the tokens most sampled orders hold, and none of a rare name', async () => {
    const repo = createServiceOrdersRepository(w.ctx.app.db, SAMPLED);
    const common = await repo.refreshCommonTokens(scope());
    // Every order holds "so-2031-…", "@example.com" and "+47 9".
    for (const token of await tokensOf('so-2031-')) expect(common).toContain(token);
    for (const token of await tokensOf('@example.com')) expect(common).toContain(token);
    for (const token of await tokensOf('zyxwvut')) expect(common).not.toContain(token);
    // Held by a tenth of the orders: not common at 40 %.
    for (const token of await tokensOf('haugen')) expect(common).not.toContain(token);
  });

  it('are none while the sample is too small to say', async () => {
    const repo = createServiceOrdersRepository(w.ctx.app.db, {
      commonTokens: { minOrders: 100, minSample: COUNT + 10 },
    });
    expect(await repo.refreshCommonTokens(scope())).toEqual([]);
    // A partner under `minOrders` is not sampled at all: by default, any partner of this world.
    const unsampled = createServiceOrdersRepository(w.ctx.app.db);
    expect(await unsampled.refreshCommonTokens(scope())).toEqual([]);
  });

  it("leave a term's other tokens in its condition, and keep all of a term made of them", async () => {
    const repo = createServiceOrdersRepository(w.ctx.app.db, SAMPLED);
    const common = await repo.refreshCommonTokens(scope());
    const whole = await tokensOf('so-2031-000123');
    const kept = await tokensOf('so-2031-000123', common);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(whole.length);
    expect(kept.every((t) => whole.includes(t) && !common.includes(t))).toBe(true);
    expect(whole.filter((t) => !common.includes(t)).sort()).toEqual(kept);
    expect(await tokensOf('so-2031-', common)).toEqual(await tokensOf('so-2031-'));
  });

  it('change no answer of the list search or the global search', async () => {
    const pruned = createServiceOrdersRepository(w.ctx.app.db, { ...SAMPLED, recentWindow: 5 });
    expect((await pruned.refreshCommonTokens(scope())).length).toBeGreaterThan(0);
    const plain = createServiceOrdersRepository(w.ctx.app.db, {
      recentWindow: 5,
      commonTokens: { minSample: 100_000 },
    });
    await plain.refreshCommonTokens(scope());
    const page = { page: 1, pageSize: 20, sortDirection: 'desc' as const };
    const texts = [
      'SO-2031-000123',
      '2031-0001',
      'example.com',
      'Zyxwvut',
      'Haugen',
      'kari.berg',
      '+47 9',
      'CT-110',
    ];
    for (const text of texts) {
      expect({ text, got: await pruned.list(scope(), { text }, page) }).toEqual({
        text,
        got: await plain.list(scope(), { text }, page),
      });
      expect({ text, got: await pruned.globalSearch(scope(), text, 8) }).toEqual({
        text,
        got: await plain.globalSearch(scope(), text, 8),
      });
    }
    for (const filters of [{ orderNumber: '000123' }, { email: 'example.com' }, { customerName: 'haugen' }])
      expect(await pruned.list(scope(), filters, page)).toEqual(await plain.list(scope(), filters, page));
    const found = await pruned.list(scope(), { text: 'SO-2031-000123' }, page);
    expect(found.items.map((i) => i.orderNumber)).toEqual(['SO-2031-000123']);
  });
});
