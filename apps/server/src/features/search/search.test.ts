import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlobalSearchResponse } from '@service-portal/shared/search';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

// Spec §2 "Global search bar", §5, §7 Search, §9: one text over the partner's orders, customers
// and technicians; per-type limits; exact matches first; never another partner's rows.

let w: OrdersWorld;
const orders: Record<string, ServiceOrder> = {};

beforeAll(async () => {
  w = await createOrdersWorld();
  const post = async (key: string, token: string, input: Parameters<typeof orderInput>[0]) => {
    orders[key] = (await w.api(token).post('/service-orders', orderInput(input))).json();
  };
  // Eleven Nordic orders of "Lindqvist" customers (more than 8 of a type).
  for (let i = 1; i <= 11; i++) {
    await post(`lind${i}`, w.tokens.manager, {
      customerName: `Ola Lindqvist ${i}`,
      customerEmail: `ola.lindqvist${i}@example.net`,
      serialNumber: `LQ-${1000 + i}`,
    });
  }
  // An old order whose serial number is exactly what will be typed, and newer ones that only contain it.
  await post('exactSerial', w.tokens.manager, {
    customerName: 'Exact Serial',
    customerEmail: 'exact.serial@example.net',
    serialNumber: 'TW-5500',
  });
  for (let i = 0; i < 9; i++) {
    await post(`containsSerial${i}`, w.tokens.manager, {
      customerName: `Contains Serial ${i}`,
      customerEmail: `contains${i}@example.net`,
      serialNumber: `TW-5500-${i}`,
    });
  }
  await post('phone', w.tokens.manager, {
    customerName: 'Phone Person',
    customerEmail: 'phone.person@example.net',
    customerPhone: '+47 912 34 567',
  });
  // Fjord has a customer and serial number with the same words: it must never show to Nordic.
  await post('fjord', w.tokens.fjord, {
    customerName: 'Ola Lindqvist Fjord',
    customerEmail: 'ola.lindqvist@fjord.example.net',
    serialNumber: 'TW-5500',
  });
});
afterAll(async () => w.ctx.close());

async function search(body: Record<string, unknown>, token = w.tokens.manager, headers = {}) {
  const res = await w.api(token, headers).post('/search/global', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GlobalSearchResponse>().results;
}
const ofType = (results: GlobalSearchResponse['results'], type: string) =>
  results.filter((r) => r.type === type);

describe('POST /api/search/global', () => {
  it('answers { results: [{ id, name, type, subtitle }] } with the spec types, up to 8 per type', async () => {
    const results = await search({ query: 'lindqvist' });
    const orderHits = ofType(results, 'ServiceOrder');
    const customerHits = ofType(results, 'Customer');
    expect(orderHits).toHaveLength(8);
    expect(customerHits).toHaveLength(8);
    expect(Object.keys(results[0]!).sort()).toEqual(['id', 'name', 'subtitle', 'type']);
    // Orders newest first; the name carries the order number, the subtitle the customer.
    expect(orderHits[0]).toEqual({
      id: orders.lind11!.id,
      name: `${orders.lind11!.orderNumber} · ${orders.lind11!.title}`,
      type: 'ServiceOrder',
      subtitle: 'Ola Lindqvist 11 · LQ-1011',
    });
    expect(customerHits[0]).toMatchObject({
      name: 'Ola Lindqvist 1',
      subtitle: 'ola.lindqvist1@example.net',
    });
  });

  it('answers 5 per type in suggestion mode, and what maxResultsPerType asks', async () => {
    const simple = await search({ query: 'lindqvist', isSuggestionMode: true });
    expect(ofType(simple, 'ServiceOrder')).toHaveLength(5);
    expect(ofType(simple, 'Customer')).toHaveLength(5);
    const asked = await search({ query: 'lindqvist', isSuggestionMode: true, maxResultsPerType: 3 });
    expect(ofType(asked, 'ServiceOrder')).toHaveLength(3);
  });

  it('puts an exact serial number first, before newer orders that only contain it', async () => {
    const results = await search({ query: 'tw-5500' });
    expect(results[0]).toMatchObject({ id: orders.exactSerial!.id, type: 'ServiceOrder' });
    expect(ofType(results, 'ServiceOrder')).toHaveLength(8);
    // The rest newest first.
    expect(results[1]!.id).toBe(orders.containsSerial8!.id);
  });

  it('puts exact order numbers, e-mails and phones first, across types', async () => {
    const byNumber = await search({ query: orders.lind3!.orderNumber.toLowerCase() });
    expect(byNumber[0]).toMatchObject({ id: orders.lind3!.id, type: 'ServiceOrder' });

    const byEmail = await search({ query: 'OLA.LINDQVIST7@example.net' });
    expect(byEmail[0]).toMatchObject({ type: 'ServiceOrder', id: orders.lind7!.id });
    expect(byEmail[1]).toMatchObject({ type: 'Customer', name: 'Ola Lindqvist 7' });

    const byPhone = await search({ query: '91234567' });
    expect(byPhone.map((r) => r.type)).toEqual(['ServiceOrder', 'Customer']);
    expect(byPhone[0]!.id).toBe(orders.phone!.id);
  });

  it('finds technicians by name and e-mail', async () => {
    const results = await search({ query: 'kari' });
    expect(ofType(results, 'Technician')).toEqual([
      expect.objectContaining({ id: w.technicians.kari, name: expect.stringContaining('Kari') }),
    ]);
  });

  it('answers the same over GET with a query string', async () => {
    const res = await w
      .api(w.tokens.manager)
      .get('/search/global?query=lindqvist&maxResultsPerType=2&isSuggestionMode=true');
    expect(res.statusCode).toBe(200);
    const results = res.json<GlobalSearchResponse>().results;
    expect(ofType(results, 'ServiceOrder')).toHaveLength(2);
    expect(results).toEqual(await search({ query: 'lindqvist', maxResultsPerType: 2 }));
  });

  it('refuses fewer than 2 characters and silly limits with 400', async () => {
    for (const body of [{ query: 'a' }, { query: ' a ' }, { query: 'ab', maxResultsPerType: 0 }, {}]) {
      const res = await w.api(w.tokens.manager).post('/search/global', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await w.api(w.tokens.manager).get('/search/global?query=x')).statusCode).toBe(400);
  });

  it('answers nothing found as an empty list', async () => {
    expect(await search({ query: 'zzqqxx-nothing' })).toEqual([]);
  });
});

describe('tenancy', () => {
  it("never shows another partner's orders, customers or technicians", async () => {
    const nordic = await search({ query: 'lindqvist' });
    expect(nordic.some((r) => r.name.includes('Fjord') || (r.subtitle ?? '').includes('fjord'))).toBe(false);
    const serial = await search({ query: 'TW-5500' });
    expect(serial.some((r) => r.id === orders.fjord!.id)).toBe(false);
    const technicians = await search({ query: 'henrik' });
    expect(technicians).toEqual([]);

    const fjord = await search({ query: 'lindqvist' }, w.tokens.fjord);
    expect(fjord.map((r) => r.type).sort()).toEqual(['Customer', 'ServiceOrder']);
    expect(fjord.find((r) => r.type === 'ServiceOrder')!.id).toBe(orders.fjord!.id);
  });

  it('a global administrator searches the partner they name; without one, only shared records', async () => {
    const asFjord = await search({ query: 'TW-5500' }, w.tokens.admin, actingFor(w.partners.fjord));
    expect(asFjord.map((r) => r.id)).toContain(orders.fjord!.id);
    expect(asFjord.some((r) => r.id === orders.exactSerial!.id)).toBe(false);
    // The catalogue and the maker's documents are shared (decision 054): no partner's records.
    const shared = await search({ query: 'TW-5500' }, w.tokens.admin);
    expect(shared.filter((r) => !['Product', 'Document'].includes(r.type))).toEqual([]);
  });
});
