import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalProduct } from '@service-portal/shared/rentals';
import type { UploadLinkCreated } from '@service-portal/shared/upload-links';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';
import { users } from '../../src/db/schema/users.ts';
import { bearer } from '../helper.ts';
import { actingFor, createOrdersWorld, orderInput, type OrdersWorld } from '../service-order-fixtures.ts';
import {
  fieldsOf,
  fingerprintDiff,
  fingerprinter,
  operationsOf,
  plausible,
  resolve,
  typesOf,
  withValue,
  wrongValues,
  type OpenApi,
  type WalkedOperation,
} from './support.ts';

/**
 * The hostile-input suite (issue 32), on PGlite in `npm test` and on PostgreSQL in the PG pass:
 * every operation of the app's own OpenAPI document, signed in as the global administrator acting
 * for partner A with real ids where the path names one, is sent malformed JSON, a body in a type
 * it does not take, nesting 10,000 deep, oversized strings, values of the wrong type for every
 * field and number parameter, malformed multipart (the uploads), unknown ids and partner B's ids.
 * No answer may be 5xx; a refused one (4xx) must leave the database's fingerprint as it was.
 */
let w: OrdersWorld;
let doc: OpenApi;
let fingerprint: () => Promise<string>;
type Side = 'a' | 'b';
let ids: Record<Side, Record<string, string>>;

beforeAll(async () => {
  w = await createOrdersWorld();
  const manager = w.api(w.tokens.manager);
  const fjord = w.api(w.tokens.fjord);
  const made = async (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: string; customerId?: string }>();
  };
  const orderA = await made(
    await manager.post(
      '/service-orders',
      orderInput({ serialNumber: 'HOSTILE-A-1', customerPhone: '+47 912 00 001' }),
    ),
  );
  const orderB = await made(await fjord.post('/service-orders', orderInput({ serialNumber: 'HOSTILE-B-1' })));
  const link = (
    await manager.post(`/service-orders/${orderA.id}/upload-links`, { sendVia: 'none' })
  ).json<UploadLinkCreated>();
  const unit = async (api: typeof manager, serial: string) =>
    (await made(
      await api.post('/rentals/products', {
        name: `Hostile ${serial}`,
        serialNumber: serial,
        condition: 'good',
      }),
    )) as unknown as RentalProduct;
  const unitA = await unit(manager, 'HOSTILE-UNIT-A');
  const unitB = await unit(fjord, 'HOSTILE-UNIT-B');
  const cfg = (await manager.get('/pricing')).json<{ defaultHourlyRate: number; version: number }>();
  await manager.put('/pricing', {
    defaultHourlyRate: cfg.defaultHourlyRate,
    currency: 'NOK',
    roundingIntervalMinutes: 15,
    roundingDirection: 'up',
    defaultDailyRentalRate: 50_000,
    version: cfg.version,
  });
  const today = dayInZone(w.ctx.clock.now, 'Europe/Oslo');
  const booking = await made(
    await w.api(w.tokens.office).post('/rentals/bookings', {
      rentalProductId: unitA.id,
      customer: { customerId: orderA.customerId },
      startDate: addDays(today, 3),
      dueDate: addDays(today, 6),
    }),
  ).catch(() => ({ id: randomUUID() }));
  const userId = async (email: string) =>
    (await w.ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  ids = {
    a: {
      'service-orders': orderA.id,
      customers: orderA.customerId!,
      technicians: w.technicians.tore,
      'warehouse-locations': w.locations.main,
      'rentals/products': unitA.id,
      rentals: booking.id,
      users: await userId('office@nordic.example.com'),
      'admin/users': await userId('office@nordic.example.com'),
      'admin/service-partners': w.partners.nordic,
      'customer-upload': link.url.split('/customer-upload/')[1]!,
      'serial-history': 'HOSTILE-A-1',
    },
    b: {
      'service-orders': orderB.id,
      customers: orderB.customerId!,
      technicians: w.technicians.fjord,
      'warehouse-locations': w.locations.fjord,
      'rentals/products': unitB.id,
      users: await userId('manager@fjord.example.com'),
      'serial-history': 'HOSTILE-B-1',
    },
  };
  doc = (await w.ctx.app.inject({ url: '/api/docs/json' })).json<OpenApi>();
  fingerprint = await fingerprinter(w.ctx.app);
}, 120_000);
afterAll(async () => w.ctx.close());

/** The resource a path's first parameter names: `/api/rentals/products/{id}/status` → `rentals/products`. */
function resourceOf(path: string): string {
  const before = path.replace(/^\/api\//, '').split('/{')[0]!;
  return before;
}

/** The path with its parameters filled: real ids of a side where known, otherwise fresh UUIDs. */
function urlFor(item: WalkedOperation, side: Side | 'unknown'): string | null {
  const resource = resourceOf(item.path);
  let first = true;
  let known = true;
  const url = item.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = item.op.parameters?.find((p) => p.in === 'path' && p.name === name);
    const schema = resolve(doc, param?.schema);
    let value: string | undefined;
    if (schema.enum?.length) value = String(schema.enum[0]);
    else if (side !== 'unknown' && first) value = ids[side][resource];
    first = false;
    if (value === undefined) {
      if (side === 'b') known = false;
      value = name === 'serial' || name === 'token' ? `unknown-${randomUUID()}` : randomUUID();
    }
    return encodeURIComponent(value);
  });
  return known ? url : null;
}

const headers = () => ({ ...bearer(w.tokens.admin), ...actingFor(w.partners.nordic) });

interface Sent {
  category: string;
  what: string;
  status: number;
  body: string;
}
const sent: Sent[] = [];
const changed: string[] = [];
let baseline: string | undefined;

/** Sends one request; a refused one must not change the database's fingerprint. */
async function send(
  category: string,
  item: WalkedOperation,
  url: string,
  init: { contentType?: string; payload?: string | Buffer; query?: string } = {},
) {
  if (baseline === undefined) {
    // Jobs due on the test's clock (stopped during the walk) run first: none fires later.
    await w.ctx.app.outbox.drain();
    baseline = await fingerprint();
  }
  const res = await w.ctx.app.inject({
    method: item.method as 'GET',
    url: `${url}${init.query ? `?${init.query}` : ''}`,
    headers: { ...headers(), ...(init.contentType ? { 'content-type': init.contentType } : {}) },
    ...(init.payload !== undefined ? { payload: init.payload } : {}),
  });
  const what = `${item.method} ${item.path} ${category}${init.query ? ` ?${init.query}` : ''}`;
  sent.push({ category, what, status: res.statusCode, body: res.body.slice(0, 300) });
  if (res.statusCode < 400) {
    // An accepted request changes what it should; its jobs (mail) run before the next baseline.
    await w.ctx.app.outbox.drain();
    baseline = await fingerprint();
    return res;
  }
  const after = await fingerprint();
  if (res.statusCode < 500 && after !== baseline)
    changed.push(`${what} → ${res.statusCode}: ${fingerprintDiff(baseline, after).join(' ')}`);
  baseline = after;
  return res;
}

const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

function bodySchemaOf(item: WalkedOperation) {
  return item.op.requestBody?.content?.['application/json']?.schema;
}
const takes = (item: WalkedOperation) => Object.keys(item.op.requestBody?.content ?? {});

describe('every operation of the OpenAPI document, sent hostile input', () => {
  it('answers no 5xx, and nothing it refused changed the database', async () => {
    const operations = operationsOf(doc).filter((o) => !o.path.startsWith('/api/docs'));
    expect(operations.length).toBeGreaterThan(100);
    const started = performance.now();
    for (const item of operations) {
      const url = urlFor(item, 'a')!;
      const schema = bodySchemaOf(item);
      const hasBody = item.method !== 'GET';
      if (hasBody) {
        // Malformed JSON, and a body in a type the operation does not take.
        if (takes(item).length === 0 || takes(item).includes('application/json'))
          await send('malformed JSON', item, url, { contentType: 'application/json', payload: '{"a":' });
        const wrongType =
          takes(item).includes('application/json') || takes(item).length === 0
            ? 'text/plain'
            : 'application/json';
        const res = await send('wrong content type', item, url, {
          contentType: wrongType,
          payload: '{"a":1}',
        });
        // Sign-in and access come first; a route the caller may reach answers 415.
        if (res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode !== 404)
          expect(res.statusCode, `${item.method} ${item.path}: ${res.body}`).toBe(415);
      }
      if (schema) {
        await send('deep nesting', item, url, { contentType: 'application/json', payload: nested(10_000) });
        const base = plausible(doc, schema, { uuid: randomUUID() });
        const fields = fieldsOf(doc, schema, base);
        // The plausible body itself, the one every variation below starts from.
        await send('plausible body', item, url, {
          contentType: 'application/json',
          payload: JSON.stringify(base),
        });
        for (const [path, field] of fields) {
          const name = path.join('.');
          if (typesOf(doc, field).has('string'))
            await send('oversized strings', item, url, {
              contentType: 'application/json',
              payload: JSON.stringify(withValue(base, path, 'x'.repeat(200_000))),
            });
          for (const value of wrongValues(doc, field)) {
            const res = await send('wrong types', item, url, {
              contentType: 'application/json',
              payload: JSON.stringify(withValue(base, path, value)),
            });
            expect(
              res.statusCode,
              `${item.method} ${item.path} ${name}=${JSON.stringify(value)}: ${res.body}`,
            ).toBeGreaterThanOrEqual(400);
          }
        }
      }
      // Number and boolean parameters of the query string: no coercion of what is no number.
      for (const p of (item.op.parameters ?? []).filter((q) => q.in === 'query')) {
        const types = typesOf(doc, p.schema ?? {});
        if (!types.has('number')) continue;
        for (const bad of ['true', '1e3', '0x10', '%205%20', '', '1&' + `${encodeURIComponent(p.name)}=2`]) {
          const res = await send('wrong types', item, url, { query: `${encodeURIComponent(p.name)}=${bad}` });
          expect(res.statusCode, `${item.method} ${item.path}?${p.name}=${bad}: ${res.body}`).toBe(400);
        }
      }
      if (takes(item).includes('multipart/form-data')) {
        const part =
          '--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff';
        await send('malformed multipart', item, url, {
          contentType: 'multipart/form-data',
          payload: `${part}\r\n--b--\r\n`,
        });
        await send('malformed multipart', item, url, {
          contentType: 'multipart/form-data; boundary=b',
          payload: part,
        });
      }
      if (item.path.includes('{')) {
        const unknown = urlFor(item, 'unknown')!;
        const res = await send(
          'unknown ids',
          item,
          unknown,
          schema
            ? {
                contentType: 'application/json',
                payload: JSON.stringify(plausible(doc, schema, { uuid: randomUUID() })),
              }
            : {},
        );
        // A serial number is a search key, not an id: an unknown one has an empty history.
        if (!item.path.includes('{serial}'))
          expect(res.statusCode, `${item.method} ${unknown}: ${res.body}`).toBeGreaterThanOrEqual(400);
        const other = item.path.startsWith('/api/admin/') ? null : urlFor(item, 'b');
        if (other) {
          const res = await send(
            'partner B ids',
            item,
            other,
            schema
              ? {
                  contentType: 'application/json',
                  payload: JSON.stringify(plausible(doc, schema, { uuid: randomUUID() })),
                }
              : {},
          );
          // Another partner's record is not there for partner A's administrator.
          if (!item.path.includes('{serial}'))
            expect(res.statusCode, `${item.method} ${other}: ${res.body}`).toBeGreaterThanOrEqual(400);
          else expect(res.body).not.toContain(ids.b['service-orders']);
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const errors = sent.filter((s) => s.status >= 500);
    const categories = [...new Set(sent.map((s) => s.category))];
    const driver = w.ctx.app.database.driver;
    console.log(
      `[hostile] ${driver}: operations walked ${operations.length}, requests sent ${sent.length}, 5xx ${errors.length}, refused-but-changed ${changed.length}, ${seconds} s`,
    );
    for (const c of categories) {
      const of = sent.filter((s) => s.category === c);
      const statuses = of.reduce<Record<number, number>>(
        (t, s) => ({ ...t, [s.status]: (t[s.status] ?? 0) + 1 }),
        {},
      );
      console.log(
        `[hostile] ${driver}: ${c}: ${of.length} requests, 5xx ${of.filter((s) => s.status >= 500).length}, answers ${JSON.stringify(statuses)}`,
      );
    }
    expect(errors.map((e) => `${e.what} → ${e.status} ${e.body}`)).toEqual([]);
    expect(changed).toEqual([]);
  }, 300_000);
});
