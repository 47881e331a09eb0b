import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertList, AlertSettings } from '@service-portal/shared/alerts';
import type { UploadLinkCreated, UploadSession } from '@service-portal/shared/upload-links';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import { alerts } from '../../db/schema/alerts.ts';
import { rentalProducts, rentals } from '../../db/schema/rentals.ts';
import { gpsJpeg, multipart, png, type Part } from '../../../test/image-fixtures.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { testNow } from '../../../test/helper.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { createAlertsService } from './alerts.service.ts';

// Issue 31 item 12: alerts for a customer's photos and rating, overdue rentals and stalled orders;
// read per user; each partner sees its own; technicians see those about orders assigned to them.

let w: OrdersWorld;
const PHONE = '+47 912 34 567';
const SERIAL = 'SN-ALERT-1';
const DAY = 86_400_000;

beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const sweep = (at: Date) => createAlertsService({ repo: createAlertsRepository(w.ctx.app.db) }).sweep(at);

async function alertsOf(subjectId: string) {
  return w.ctx.app.db.select().from(alerts).where(eq(alerts.subjectId, subjectId));
}

async function list(token: string, query = ''): Promise<AlertList> {
  const res = await w.api(token).get(`/alerts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AlertList>();
}

async function unread(token: string): Promise<number> {
  const res = await w.api(token).get('/alerts/unread-count');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

async function newOrder(token: string, overrides: Parameters<typeof orderInput>[0] = {}): Promise<string> {
  const res = await w.api(token).post('/service-orders', orderInput(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const pub = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({
    method,
    url: `/api/customer-upload${url}`,
    headers,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function customerSession(orderId: string): Promise<{ token: string; session: string }> {
  const res = await w
    .api(w.tokens.manager)
    .post(`/service-orders/${orderId}/upload-links`, { sendVia: 'none' });
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json<UploadLinkCreated>().url.split('/customer-upload/')[1]!;
  const verified = await pub('POST', `/${token}/verify`, { phoneNumber: '912 34 567', serialNumber: SERIAL });
  expect(verified.statusCode, verified.body).toBe(200);
  return { token, session: verified.json<UploadSession>().session };
}

async function customerUpload(token: string, session: string, parts: Part[]) {
  const body = multipart(parts);
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api/customer-upload/${token}/images`,
    headers: { ...body.headers, 'x-upload-session': session },
    payload: body.payload,
  });
}

describe('alerts made where it happens', () => {
  it("makes one alert per customer upload and one per rating, in the customer's order", async () => {
    const orderId = await newOrder(w.tokens.manager, {
      customerPhone: PHONE,
      serialNumber: SERIAL,
      assignedTechnicianId: w.technicians.tore,
    });
    const { token, session } = await customerSession(orderId);
    const uploaded = await customerUpload(token, session, [
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'b.png', data: await png(), contentType: 'image/png' },
      { name: 'categories', value: 'product_photo' },
      { name: 'categories', value: 'problem_area' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const afterUpload = await alertsOf(orderId);
    expect(afterUpload.map((a) => [a.kind, a.data])).toEqual([
      ['customer_photos', { orderNumber: expect.stringMatching(/^SO-\d{4}-\d{6}$/), photoCount: 2 }],
    ]);

    for (const status of ['in_progress', 'completed']) {
      const res = await w
        .api(w.tokens.manager)
        .post('/service-orders/bulk-update-status', { orderIds: [orderId], status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const h = { 'x-upload-session': session };
    w.ctx.clock.advance(60_000); // the app's clock stands still between requests
    expect((await pub('POST', `/${token}/rating`, { rating: 2, comment: 'Slow' }, h)).statusCode).toBe(201);
    // A second rating is refused and makes no second alert.
    expect((await pub('POST', `/${token}/rating`, { rating: 5 }, h)).statusCode).toBe(409);
    const rated = (await alertsOf(orderId)).filter((a) => a.kind === 'customer_rating');
    expect(rated.map((a) => a.data)).toEqual([
      { orderNumber: afterUpload[0]!.data.orderNumber, rating: 2, comment: 'Slow' },
    ]);

    // Staff see both, newest first, opening the order; the assigned technician sees them too.
    const items = (await list(w.tokens.manager)).items.filter((a) => a.subjectId === orderId);
    expect(items.map((a) => [a.kind, a.subjectType, a.readAt])).toEqual([
      ['customer_rating', 'order', null],
      ['customer_photos', 'order', null],
    ]);
    const techItems = (await list(w.tokens.tech)).items.filter((a) => a.subjectId === orderId);
    expect(techItems).toHaveLength(2);
  });

  it('a bad upload makes no alert', async () => {
    const orderId = await newOrder(w.tokens.manager, { customerPhone: PHONE, serialNumber: SERIAL });
    const { token, session } = await customerSession(orderId);
    const bad = await customerUpload(token, session, [
      { name: 'files', filename: 'a.jpg', data: Buffer.from('not an image'), contentType: 'image/jpeg' },
      { name: 'categories', value: 'product_photo' },
    ]);
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(await alertsOf(orderId)).toEqual([]);
  });
});

describe('time-based alerts: the hourly sweep', () => {
  it('makes one stalled-order alert per order and status episode, however often it runs', async () => {
    const orderId = await newOrder(w.tokens.manager);
    const now = testNow();
    await sweep(new Date(now.getTime() + 6 * DAY));
    expect(await alertsOf(orderId)).toEqual([]);
    await sweep(new Date(now.getTime() + 7 * DAY + 60_000));
    await sweep(new Date(now.getTime() + 8 * DAY));
    await sweep(new Date(now.getTime() + 9 * DAY));
    const first = await alertsOf(orderId);
    expect(first.map((a) => [a.kind, a.data.status, a.data.afterDays])).toEqual([
      ['order_stalled', 'created', 7],
    ]);

    // A new status is a new episode: another alert once it has stayed there as long.
    const moved = await w
      .api(w.tokens.manager)
      .post('/service-orders/bulk-update-status', { orderIds: [orderId], status: 'on_hold' });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedAt = testNow();
    await sweep(new Date(movedAt.getTime() + 2 * DAY));
    expect(await alertsOf(orderId)).toHaveLength(1);
    await sweep(new Date(movedAt.getTime() + 7 * DAY + 60_000));
    await sweep(new Date(movedAt.getTime() + 7 * DAY + 120_000));
    const both = await alertsOf(orderId);
    expect(both.map((a) => a.data.status).sort()).toEqual(['created', 'on_hold']);

    // Completed and cancelled orders never stall.
    const done = await newOrder(w.tokens.manager);
    await w
      .api(w.tokens.manager)
      .post('/service-orders/bulk-update-status', { orderIds: [done], status: 'cancelled' });
    await sweep(new Date(testNow().getTime() + 30 * DAY));
    expect(await alertsOf(done)).toEqual([]);
  });

  it("follows the partner's setting: 0 turns stalled alerts off, another number moves the line", async () => {
    const fjord = w.api(w.tokens.fjord);
    const initial = (await fjord.get('/alerts/settings')).json<AlertSettings>();
    expect(initial).toEqual({ stalledAfterDays: 7, version: 0 });
    // Only the partner's Administrator sets it (a ServiceManager reads it).
    expect((await fjord.put('/alerts/settings', { stalledAfterDays: 0, version: 0 })).statusCode).toBe(403);

    const office = w.api(w.tokens.office);
    const off = await office.put('/alerts/settings', { stalledAfterDays: 0, version: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AlertSettings>()).toEqual({ stalledAfterDays: 0, version: 1 });
    const nordicOrder = await newOrder(w.tokens.manager);
    await sweep(new Date(testNow().getTime() + 40 * DAY));
    expect(await alertsOf(nordicOrder)).toEqual([]);

    const three = await office.put('/alerts/settings', { stalledAfterDays: 3, version: 1 });
    expect(three.json<AlertSettings>()).toEqual({ stalledAfterDays: 3, version: 2 });
    await sweep(new Date(testNow().getTime() + 3 * DAY + 60_000));
    expect((await alertsOf(nordicOrder)).map((a) => a.data.afterDays)).toEqual([3]);
    // Put back the default for the other tests.
    await office.put('/alerts/settings', { stalledAfterDays: 7, version: 2 });
  });

  it('refuses bad settings and a stale version, and changes nothing', async () => {
    const office = w.api(w.tokens.office);
    const before = (await office.get('/alerts/settings')).json<AlertSettings>();
    for (const body of [
      { stalledAfterDays: -1, version: before.version },
      { stalledAfterDays: 366, version: before.version },
      { stalledAfterDays: 2.5, version: before.version },
      { stalledAfterDays: '5', version: before.version },
      { version: before.version },
    ]) {
      const res = await office.put('/alerts/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const stale = await office.put('/alerts/settings', { stalledAfterDays: 9, version: before.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict' });
    expect((await office.get('/alerts/settings')).json()).toEqual(before);
  });

  it('makes one overdue alert per rental and due date, in the partner’s calendar', async () => {
    const db = w.ctx.app.db;
    const today = todayIn('Europe/Oslo', testNow());
    const units = await db
      .insert(rentalProducts)
      .values(
        [1, 2, 3].map((n) => ({
          servicePartnerId: w.partners.nordic,
          name: 'Event toilet Deluxe',
          serialNumber: `RT-ALERT-${n}`,
          condition: 'good' as const,
        })),
      )
      .returning({ id: rentalProducts.id });
    const base = {
      servicePartnerId: w.partners.nordic,
      kind: 'rental' as const,
      customerName: 'Festival AS',
      dailyRateMinor: 10_000,
      currency: 'NOK' as const,
    };
    const [late, dueToday, returned] = await db
      .insert(rentals)
      .values([
        {
          ...base,
          rentalProductId: units[0]!.id,
          status: 'active',
          startDate: addDays(today, -30),
          dueDate: addDays(today, -20),
        },
        {
          ...base,
          rentalProductId: units[1]!.id,
          status: 'active',
          startDate: addDays(today, -5),
          dueDate: today,
        },
        {
          ...base,
          rentalProductId: units[2]!.id,
          status: 'returned',
          startDate: addDays(today, -60),
          dueDate: addDays(today, -50),
          returnedDate: addDays(today, -49),
        },
      ])
      .returning({ id: rentals.id });
    // Late morning in Oslo on that day (10:30Z is 11:30 or 12:30 there), so the sweeps an hour or
    // two later stay on the same date whatever hour the suite runs at.
    const at = new Date(`${today}T10:30:00Z`);
    await sweep(at);
    await sweep(new Date(at.getTime() + 60 * 60_000));
    expect((await alertsOf(late!.id)).map((a) => [a.kind, a.subjectType, a.data])).toEqual([
      [
        'rental_overdue',
        'rental',
        {
          customerName: 'Festival AS',
          productName: 'Event toilet Deluxe',
          serialNumber: expect.stringMatching(/^RT-ALERT-/),
          dueDate: addDays(today, -20),
        },
      ],
    ]);
    expect(await alertsOf(dueToday!.id)).toEqual([]);
    expect(await alertsOf(returned!.id)).toEqual([]);

    // Extended and late again: a new episode.
    await db
      .update(rentals)
      .set({ dueDate: addDays(today, -1) })
      .where(and(eq(rentals.id, late!.id)));
    await sweep(new Date(at.getTime() + 2 * 60 * 60_000));
    expect(await alertsOf(late!.id)).toHaveLength(2);

    // Staff see it; a technician does not (rentals are not assigned to anyone).
    expect((await list(w.tokens.manager)).items.some((a) => a.subjectId === late!.id)).toBe(true);
    const techAll = await list(w.tokens.tech, '?limit=50');
    expect(techAll.items.every((a) => a.subjectType === 'order')).toBe(true);
  });
});

describe('read state, paging and who sees what', () => {
  it('is per user: one read, then all read; the count follows', async () => {
    // A fresh stalled alert for each of three new orders, one of them Tore's.
    const ids = [
      await newOrder(w.tokens.manager),
      await newOrder(w.tokens.manager),
      await newOrder(w.tokens.manager, { assignedTechnicianId: w.technicians.tore }),
    ];
    await sweep(new Date(testNow().getTime() + 8 * DAY));
    const managerBefore = await unread(w.tokens.manager);
    const officeBefore = await unread(w.tokens.office);
    const techBefore = await unread(w.tokens.tech);
    expect(managerBefore).toBeGreaterThanOrEqual(3);

    const target = (await list(w.tokens.manager)).items.find((a) => a.subjectId === ids[0])!;
    const read = await w.api(w.tokens.manager).post(`/alerts/${target.id}/read`, {});
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Alert>().readAt).not.toBeNull();
    // Again: still read, nothing changes.
    const again = await w.api(w.tokens.manager).post(`/alerts/${target.id}/read`, {});
    expect(again.json<Alert>().readAt).toBe(read.json<Alert>().readAt);
    expect(await unread(w.tokens.manager)).toBe(managerBefore - 1);
    expect(await unread(w.tokens.office)).toBe(officeBefore);
    const unreadOnly = await list(w.tokens.manager, '?unread=true&limit=50');
    expect(unreadOnly.items.some((a) => a.id === target.id)).toBe(false);
    expect(unreadOnly.unreadCount).toBe(managerBefore - 1);

    // The technician sees the alert about Tore's order, not the others'.
    const techItems = (await list(w.tokens.tech, '?limit=50')).items;
    expect(techItems.some((a) => a.subjectId === ids[2])).toBe(true);
    expect(techItems.some((a) => a.subjectId === ids[0] || a.subjectId === ids[1])).toBe(false);
    expect((await w.api(w.tokens.tech).post(`/alerts/${target.id}/read`, {})).statusCode).toBe(404);
    expect(techBefore).toBe(techItems.filter((a) => a.readAt === null).length);

    // The sweep ran 8 days ahead: "mark all read" happens after it, on the app's clock.
    w.ctx.clock.advance(8 * DAY + 60_000);
    await w.signInAgain();
    const all = await w.api(w.tokens.manager).post('/alerts/read-all', {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect(await unread(w.tokens.manager)).toBe(0);
    expect((await list(w.tokens.manager, '?limit=50')).items.every((a) => a.readAt !== null)).toBe(true);
    expect(await unread(w.tokens.office)).toBe(officeBefore);

    // What comes after "mark all read" is unread again.
    const later = await newOrder(w.tokens.manager);
    await sweep(new Date(testNow().getTime() + 9 * DAY));
    expect((await alertsOf(later)).length).toBe(1);
    expect(await unread(w.tokens.manager)).toBeGreaterThanOrEqual(1);
  });

  it('pages newest first with a cursor, without gaps or repeats', async () => {
    const all = (await list(w.tokens.manager, '?limit=50')).items;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AlertList = await list(w.tokens.manager, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((a) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((a) => a.id));
    const times = all.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses bad input with a clear error', async () => {
    const api = w.api(w.tokens.manager);
    for (const q of [
      '?limit=0',
      '?limit=51',
      '?limit=x',
      '?cursor=zz',
      '?cursor=%3Cscript%3E',
      '?unread=yes',
    ]) {
      const res = await api.get(`/alerts${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 'validation_failed' });
    }
    expect((await api.post('/alerts/not-a-uuid/read', {})).statusCode).toBe(400);
    expect((await api.post('/alerts/00000000-0000-4000-8000-000000000000/read', {})).statusCode).toBe(404);
  });

  it("keeps partners apart: another partner's alert is neither listed, counted nor markable", async () => {
    const nordicAlert = (await list(w.tokens.manager)).items[0]!;
    const fjord = w.api(w.tokens.fjord);
    const fjordList = (await fjord.get('/alerts?limit=50')).json<AlertList>();
    expect(fjordList.items.some((a) => a.id === nordicAlert.id)).toBe(false);
    const stored = await w.ctx.app.db
      .select()
      .from(alerts)
      .where(eq(alerts.servicePartnerId, w.partners.fjord));
    expect(fjordList.items.map((a) => a.id).sort()).toEqual(stored.map((a) => a.id).sort());
    expect((await fjord.post(`/alerts/${nordicAlert.id}/read`, {})).statusCode).toBe(404);
    // The Nordic alert is as unread/read as it was for Nordic's users.
    const still = (await list(w.tokens.office, '?limit=50')).items.find((a) => a.id === nordicAlert.id);
    expect(still?.readAt ?? null).toBeNull();
    expect((await fjord.post('/alerts/read-all', {})).statusCode).toBe(200);
    expect(await unread(w.tokens.office)).toBeGreaterThan(0);
    // Fjord's settings are its own.
    expect((await fjord.get('/alerts/settings')).json<AlertSettings>().version).toBe(0);
  });
});
