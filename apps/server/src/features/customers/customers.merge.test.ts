import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  type Customer,
  type CustomerMergePreview,
} from '@service-portal/shared/customers';
import type { HistoryPage } from '@service-portal/shared/history';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { communications } from '../../db/schema/communications.ts';
import { customerMerges, customers } from '../../db/schema/customers.ts';
import { rentalProducts, rentals } from '../../db/schema/rentals.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { users } from '../../db/schema/users.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

// Issue 31 item 10: the merge's preview, its choices per field, its version checks, everything that
// references a customer moving, the history naming the user, and the phone duplicate lookup.

let w: OrdersWorld;
const manager = () => w.api(w.tokens.manager);
const tech = () => w.api(w.tokens.tech);
const fjord = () => w.api(w.tokens.fjord);

async function orderFor(token: string, contact: Record<string, unknown>): Promise<ServiceOrder> {
  const res = await w.api(token).post('/service-orders', orderInput(contact));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ServiceOrder>();
}

const customer = async (id: string) => (await manager().get(`/customers/${id}`)).json<Customer>();

/** Everything in the database that belongs to the two customers, to show a refusal changed nothing. */
async function snapshot(ids: string[]) {
  const db = w.ctx.app.db;
  const rows = [];
  for (const id of ids) {
    rows.push({
      customer: await db.select().from(customers).where(eq(customers.id, id)),
      orders: await db.select().from(serviceOrders).where(eq(serviceOrders.customerId, id)),
      messages: await db.select().from(communications).where(eq(communications.customerId, id)),
      rentals: await db.select().from(rentals).where(eq(rentals.customerId, id)),
      merges: await db.select().from(customerMerges).where(eq(customerMerges.survivorId, id)),
    });
  }
  return rows;
}

let survivorId: string;
let sourceId: string;
let sourceOrder: ServiceOrder;
let rentalId: string;

beforeAll(async () => {
  w = await createOrdersWorld();
  survivorId = (
    await orderFor(w.tokens.manager, {
      customerName: 'Kari Nordmann',
      customerEmail: 'kari@example.com',
      customerPhone: null,
    })
  ).customerId;
  sourceOrder = await orderFor(w.tokens.manager, {
    customerName: 'Kari Nordmann (work)',
    customerEmail: 'kari@work.example.com',
    customerPhone: '912 34 567',
  });
  sourceId = sourceOrder.customerId;
  await orderFor(w.tokens.manager, {
    customerName: 'Kari Nordmann (work)',
    customerEmail: 'kari@work.example.com',
    customerPhone: '912 34 567',
  });
  const db = w.ctx.app.db;
  await db.insert(communications).values({
    servicePartnerId: w.partners.nordic,
    customerId: sourceId,
    customerName: 'Kari',
    message: 'Call me back',
    method: 'sms',
    direction: 'inbound',
    deliveryStatus: 'received',
  });
  const [unit] = await db
    .insert(rentalProducts)
    .values({ servicePartnerId: w.partners.nordic, name: 'Cabin', serialNumber: 'MRG-1', condition: 'good' })
    .returning({ id: rentalProducts.id });
  const [rental] = await db
    .insert(rentals)
    .values({
      servicePartnerId: w.partners.nordic,
      rentalProductId: unit!.id,
      kind: 'booking',
      status: 'booked',
      customerId: sourceId,
      customerName: 'Kari Nordmann (work)',
      startDate: '2030-01-10',
      dueDate: '2030-01-12',
      dailyRateMinor: 10_000,
      currency: 'NOK',
    })
    .returning({ id: rentals.id });
  rentalId = rental!.id;
});

afterAll(async () => {
  await w.ctx.close();
});

describe('GET /api/customers/:id/merge-preview', () => {
  it('shows both records, the differing fields and what would move', async () => {
    const res = await manager().get(`/customers/${survivorId}/merge-preview?sourceId=${sourceId}`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<CustomerMergePreview>();
    expect(preview.survivor).toMatchObject({ id: survivorId, name: 'Kari Nordmann', phone: null });
    expect(preview.source).toMatchObject({ id: sourceId, phone: '912 34 567', orderCount: 2 });
    expect(preview.differing).toEqual(['name', 'email', 'phone']);
    expect(preview.moves).toEqual([
      { kind: 'serviceOrders', count: 2 },
      { kind: 'communications', count: 1 },
      { kind: 'rentals', count: 1 },
    ]);
  });

  it('is for managers, and refuses bad input with a clear error', async () => {
    expect((await tech().get(`/customers/${survivorId}/merge-preview?sourceId=${sourceId}`)).statusCode).toBe(
      403,
    );
    const missing = await manager().get(`/customers/${survivorId}/merge-preview`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_failed');
    const self = await manager().get(`/customers/${survivorId}/merge-preview?sourceId=${survivorId}`);
    expect(self.json().errors).toEqual([{ path: 'sourceId', message: CUSTOMER_MESSAGES.mergeSelf }]);
  });
});

describe('POST /api/customers/:id/merge', () => {
  it('refuses a stale version of either customer and changes nothing', async () => {
    const before = await snapshot([survivorId, sourceId]);
    const [s, o] = [await customer(survivorId), await customer(sourceId)];
    for (const body of [
      { sourceId, version: s.version + 1, sourceVersion: o.version },
      { sourceId, version: s.version, sourceVersion: o.version + 1 },
    ]) {
      const res = await manager().post(`/customers/${survivorId}/merge`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'version_conflict', detail: CUSTOMER_MESSAGES.mergeStale });
    }
    expect(await snapshot([survivorId, sourceId])).toEqual(before);
  });

  it('refuses bad input (400) and changes nothing', async () => {
    const before = await snapshot([survivorId, sourceId]);
    const { version } = await customer(survivorId);
    const sourceVersion = (await customer(sourceId)).version;
    for (const body of [
      { sourceId },
      { sourceId, version, sourceVersion, take: { name: 'theirs' } },
      { sourceId, version, sourceVersion, take: { createdAt: 'source' } },
      { sourceId: 'not-a-uuid', version, sourceVersion },
    ]) {
      const res = await manager().post(`/customers/${survivorId}/merge`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect(await snapshot([survivorId, sourceId])).toEqual(before);
  });

  it('refuses while a table references customers that nothing moves (the schema walk), changing nothing', async () => {
    const db = w.ctx.app.db;
    await db.execute(
      sql`create table merge_probe (id uuid primary key, customer_id uuid references customers(id))`,
    );
    try {
      const before = await snapshot([survivorId, sourceId]);
      const res = await manager().post(`/customers/${survivorId}/merge`, {
        sourceId,
        version: (await customer(survivorId)).version,
        sourceVersion: (await customer(sourceId)).version,
      });
      expect(res.statusCode).toBe(500);
      expect(await snapshot([survivorId, sourceId])).toEqual(before);
    } finally {
      await db.execute(sql`drop table merge_probe`);
    }
  });

  it('moves everything, keeps the chosen fields, and records the merge under the user', async () => {
    const res = await manager().post(`/customers/${survivorId}/merge`, {
      sourceId,
      version: (await customer(survivorId)).version,
      sourceVersion: (await customer(sourceId)).version,
      // The survivor's name stays; the phone (blank on the survivor) comes over by default;
      // the e-mail is chosen from the source.
      take: { email: 'source' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Customer>()).toMatchObject({
      id: survivorId,
      name: 'Kari Nordmann',
      email: 'kari@work.example.com',
      phone: '912 34 567',
      orderCount: 3,
    });
    const db = w.ctx.app.db;
    // Every reference to the source moved (orders, messages, the booking); the booking keeps its snapshot.
    expect(await db.select().from(serviceOrders).where(eq(serviceOrders.customerId, sourceId))).toEqual([]);
    expect(await db.select().from(communications).where(eq(communications.customerId, sourceId))).toEqual([]);
    const [booking] = await db.select().from(rentals).where(eq(rentals.id, rentalId));
    expect(booking).toMatchObject({ customerId: survivorId, customerName: 'Kari Nordmann (work)' });
    expect(await customer(sourceId)).toMatchObject({ mergedIntoId: survivorId });

    // The history of the survivor shows the merge and the changed fields, by the manager.
    const [me] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'manager@nordic.example.com'));
    const history = (await manager().get(`/history/customers/${survivorId}`)).json<HistoryPage>();
    const merge = history.items.filter((e) => e.table === 'customer_merges');
    expect(merge.find((e) => e.field === 'source_name')).toMatchObject({
      operation: 'insert',
      newValue: 'Kari Nordmann (work)',
      actor: { kind: 'user', id: me!.id },
    });
    expect(merge.find((e) => e.field === 'moved')?.newValue).toEqual({
      serviceOrders: 2,
      communications: 1,
      rentals: 1,
    });
    expect(merge.find((e) => e.field === 'taken_fields')?.newValue).toEqual(['email', 'phone']);
    expect(history.items.find((e) => e.table === 'customers' && e.field === 'email')).toMatchObject({
      oldValue: 'kari@example.com',
      newValue: 'kari@work.example.com',
      actor: { kind: 'user', id: me!.id },
    });
    // Another partner cannot read it.
    expect((await fjord().get(`/history/customers/${survivorId}`)).statusCode).toBe(404);
  });
});

describe('GET /api/customers/duplicates', () => {
  it('finds a phone however it is written, and an e-mail in any case', async () => {
    const found = async (query: string, token = w.tokens.manager) =>
      (await w.api(token).get(`/customers/duplicates?${query}`))
        .json<{ items: Customer[] }>()
        .items.map((c) => c.id);
    // Stored as "912 34 567"; typed with the country code, with 00, or squashed.
    for (const phone of ['+47 912 34 567', '0047 91234567', '91234567', '+4791234567'])
      expect(await found(`phone=${encodeURIComponent(phone)}`), phone).toEqual([survivorId]);
    expect(await found('phone=91234568')).toEqual([]);
    expect(await found('email=KARI%40WORK.example.com')).toEqual([survivorId]);
    // The record being edited is not its own duplicate; merged customers are not live.
    expect(await found(`phone=91234567&exceptId=${survivorId}`)).toEqual([]);
    // Another partner's customers never show.
    expect(await found('phone=%2B47%20912%2034%20567', w.tokens.fjord)).toEqual([]);
  });

  it('refuses bad input with a clear error', async () => {
    const res = await manager().get('/customers/duplicates?exceptId=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
