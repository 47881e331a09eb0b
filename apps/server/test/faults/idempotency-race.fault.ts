import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/customers.ts';
import { serviceOrders } from '../../src/db/schema/service-orders.ts';
import { createTestContext, signIn, type TestContext } from '../helper.ts';
import { orderInput } from '../service-order-fixtures.ts';
import { figure, openFaultDatabase, type FaultDatabase } from './support.ts';

/**
 * Concurrent duplicates with one Idempotency-Key, over real connections on PostgreSQL: exactly one
 * creates, the others get 409 (still running) or the first answer replayed; never two rows.
 */

let fault: FaultDatabase;
let ctx: TestContext;
let base: string;
let token: string;

beforeAll(async () => {
  fault = await openFaultDatabase({ max: 10 });
  ctx = await createTestContext({ database: fault.database });
  token = await signIn(ctx, 'manager@nordic.example.com');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await ctx?.close();
  await fault?.drop();
});

async function burst(path: string, body: unknown, key: string, copies: number) {
  return Promise.all(
    Array.from({ length: copies }, async () => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { id?: string; code?: string };
      return {
        status: res.status,
        id: json.id,
        code: json.code,
        replayed: res.headers.get('idempotent-replayed'),
      };
    }),
  );
}

describe('concurrent duplicates with one Idempotency-Key', () => {
  it('create once: the others wait their turn (409) or get the first answer', async () => {
    const rounds = 10;
    const copies = 12;
    let created = 0;
    let conflicts = 0;
    let replays = 0;
    for (let round = 0; round < rounds; round++) {
      const key = randomUUID();
      const name = `Race Kunde ${round}`;
      const answers = await burst('/api/customers', { name, email: `race${round}@example.net` }, key, copies);
      const fresh = answers.filter((a) => a.status === 201 && a.replayed === null);
      const replayed = answers.filter((a) => a.status === 201 && a.replayed === 'true');
      const busy = answers.filter((a) => a.status === 409 && a.code === 'conflict');
      expect(fresh.length).toBe(1);
      expect(fresh.length + replayed.length + busy.length).toBe(copies);
      expect(new Set(replayed.map((a) => a.id))).toEqual(new Set(replayed.length ? [fresh[0]!.id] : []));
      const rows = await ctx.app.db
        .select({ id: customers.id })
        .from(customers)
        .where(like(customers.name, name));
      expect(rows.map((r) => r.id)).toEqual([fresh[0]!.id]);
      created += fresh.length;
      conflicts += busy.length;
      replays += replayed.length;
    }

    // A service order (its customer created on the way) the same.
    const key = randomUUID();
    const order = orderInput({ title: 'Race order' });
    const orderAnswers = await burst('/api/service-orders', order, key, copies);
    expect(orderAnswers.filter((a) => a.status === 201 && a.replayed === null).length).toBe(1);
    const orders = await ctx.app.db
      .select({ id: serviceOrders.id })
      .from(serviceOrders)
      .where(like(serviceOrders.title, 'Race order'));
    expect(orders.length).toBe(1);

    figure('idempotency keys under concurrent duplicates', {
      rounds,
      copiesPerRound: copies,
      created,
      answered409InFlight: conflicts,
      replayedFirstAnswer: replays,
      rowsPerKey: 1,
      serviceOrderCopies: copies,
      serviceOrdersCreated: orders.length,
    });
  });
});
