import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rental, RentalProduct } from '@service-portal/shared/rentals';
import type { Image } from '@service-portal/shared/images';
import { communications } from '../../db/schema/communications.ts';
import { images } from '../../db/schema/images.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { rentalProducts, rentalReminders, rentals } from '../../db/schema/rentals.ts';
import { createRentalsRepository } from './rentals.repository.ts';
import { createRentalsService } from './rentals.service.ts';
import { bearer } from '../../../test/helper.ts';
import { gpsJpeg, multipart, pdf, png, type Part } from '../../../test/image-fixtures.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const tested = new Set<string>();
const manager = () => w.api(w.tokens.manager);
const office = () => w.api(w.tokens.office);
const tech = () => w.api(w.tokens.tech);
const fjord = () => w.api(w.tokens.fjord);
const DAY = 86_400_000;
const unused = {} as never;
const today = () => dayInZone(w.ctx.clock.now, 'Europe/Oslo');

let serial = 0;
async function unit(overrides: Record<string, unknown> = {}): Promise<RentalProduct> {
  serial += 1;
  const res = await manager().post('/rentals/products', {
    name: `Event toilet ${serial}`,
    serialNumber: `RT-${1000 + serial}`,
    condition: 'good',
    lateFeePerDay: 15_000,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let customerN = 0;
function newCustomer() {
  customerN += 1;
  return { newCustomer: { name: `Festival AS ${customerN}`, email: `festival${customerN}@example.net` } };
}

async function rent(productId: string, body: Record<string, unknown> = {}) {
  return office().post('/rentals', {
    rentalProductId: productId,
    customer: newCustomer(),
    startDate: today(),
    dueDate: addDays(today(), 3),
    ...body,
  });
}

describe('rental products', () => {
  it('creates, lists with the five sorts and the page sizes 12, 24, 48 only', async () => {
    const a = await unit({ name: 'Alpha cabin', condition: 'poor' });
    const b = await unit({ name: 'Bravo cabin', condition: 'new' });
    tested.add('POST /api/rentals/products');
    expect(a).toMatchObject({ availability: 'available', isActive: true, lateFeePerDay: 15_000, version: 1 });
    const names = async (sort: string) =>
      (await manager().get(`/rentals/products?sort=${sort}&search=cabin`))
        .json<{ items: RentalProduct[] }>()
        .items.map((p) => p.name);
    expect(await names('name_asc')).toEqual(['Alpha cabin', 'Bravo cabin']);
    expect(await names('name_desc')).toEqual(['Bravo cabin', 'Alpha cabin']);
    expect(await names('condition_best')).toEqual(['Bravo cabin', 'Alpha cabin']);
    expect(await names('condition_worst')).toEqual(['Alpha cabin', 'Bravo cabin']);
    expect(await names('serial')).toEqual(['Alpha cabin', 'Bravo cabin']);
    tested.add('GET /api/rentals/products');
    for (const size of [12, 24, 48])
      expect((await tech().get(`/rentals/products?pageSize=${size}`)).json().pageSize).toBe(size);
    const bad = await manager().get('/rentals/products?pageSize=20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pageSize');
    expect((await tech().get(`/rentals/products/${b.id}`)).json().name).toBe('Bravo cabin');
    tested.add('GET /api/rentals/products/:id');
  });

  it('refuses a serial number taken in any case, and bad input, without change', async () => {
    const a = await unit({ serialNumber: 'DUP-1' });
    const dup = await manager().post('/rentals/products', {
      name: 'X',
      serialNumber: 'dup-1',
      condition: 'new',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'serial_taken', errors: [{ path: 'serialNumber' }] });
    const bad = await manager().post('/rentals/products', {
      name: '',
      serialNumber: 'Z',
      condition: 'shiny',
    });
    expect(bad.statusCode).toBe(400);
    const rows = await w.ctx.app.db.select().from(rentalProducts).where(eq(rentalProducts.serialNumber, 'Z'));
    expect(rows).toEqual([]);
    const put = await manager().put(`/rentals/products/${a.id}`, {
      name: 'Renamed',
      serialNumber: 'DUP-1',
      condition: 'fair',
      lateFeePerDay: 0,
      version: 1,
    });
    expect(put.json()).toMatchObject({ name: 'Renamed', condition: 'fair', version: 2 });
    tested.add('PUT /api/rentals/products/:id');
    const stale = await manager().patch(`/rentals/products/${a.id}/status`, { isActive: false, version: 1 });
    expect(stale.json().code).toBe('version_conflict');
    const off = await manager().patch(`/rentals/products/${a.id}/status`, { isActive: false, version: 2 });
    expect(off.json()).toMatchObject({ isActive: false, availability: 'inactive' });
    tested.add('PATCH /api/rentals/products/:id/status');
    const opts = await tech().get('/rentals/products/options');
    expect(opts.json().map((o: { id: string }) => o.id)).not.toContain(a.id);
    tested.add('GET /api/rentals/products/options');
    expect((await manager().del(`/rentals/products/${a.id}`)).statusCode).toBe(204);
    tested.add('DELETE /api/rentals/products/:id');
  });

  it('is managed by Administrators and ServiceManagers only; everyone reads', async () => {
    const res = await tech().post('/rentals/products', { name: 'T', serialNumber: 'T-1', condition: 'new' });
    expect(res.statusCode).toBe(403);
    expect((await tech().get('/rentals/products')).statusCode).toBe(200);
  });
});

describe('rentals', () => {
  it('needs a rate: the product pricing overrides the partner default', async () => {
    const u = await unit();
    const none = await rent(u.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('rental_rate_missing');
    const cfg = (await manager().get('/pricing')).json();
    const put = await manager().put('/pricing', {
      defaultHourlyRate: cfg.defaultHourlyRate,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      defaultDailyRentalRate: 50_000,
      defaultWeeklyRentalRate: 250_000,
      version: cfg.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    // The pricing feature now knows the partner's units (the port in app.ts).
    const own = await manager().put(`/pricing/rental-products/${u.id}`, { dailyPrice: 40_000, version: 0 });
    expect(own.statusCode, own.body).toBe(200);
    const res = await rent(u.id);
    expect(res.statusCode, res.body).toBe(201);
    tested.add('POST /api/rentals');
    expect(res.json()).toMatchObject({
      kind: 'rental',
      status: 'active',
      dailyRate: 40_000,
      weeklyRate: 250_000,
      lateFeePerDay: 15_000,
      currency: 'NOK',
      charges: null,
    });
    const fjordUnit = await fjord().put(`/pricing/rental-products/${u.id}`, { dailyPrice: 1, version: 0 });
    expect(fjordUnit.statusCode).toBe(404);
  });

  it('a rented unit leaves the available list; a second rental of it is refused', async () => {
    const u = await unit();
    const res = await rent(u.id);
    expect(res.statusCode).toBe(201);
    expect((await tech().get(`/rentals/products/${u.id}`)).json().availability).toBe('rented');
    const available = await tech().get('/rentals/products?availability=available&pageSize=48');
    expect(available.json().items.map((p: RentalProduct) => p.id)).not.toContain(u.id);
    const again = await rent(u.id, { startDate: addDays(today(), -1), dueDate: addDays(today(), 1) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('unit_unavailable');
  });

  it('two concurrent bookings of one unit: one 201, one 409 (the database decides)', async () => {
    const u = await unit();
    const body = (n: number) => ({
      rentalProductId: u.id,
      customer: newCustomer(),
      startDate: addDays(today(), 10 + n),
      dueDate: addDays(today(), 14),
    });
    const results = await Promise.all([
      office().post('/rentals/bookings', body(0)),
      manager().post('/rentals/bookings', body(1)),
      tech().post('/rentals/bookings', body(2)),
    ]);
    tested.add('POST /api/rentals/bookings');
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().code).toBe('unit_unavailable');
    const rows = await w.ctx.app.db.select().from(rentals).where(eq(rentals.rentalProductId, u.id));
    expect(rows).toHaveLength(1);
  });

  it('a booking is picked up (becomes the rental) or cancelled', async () => {
    const u = await unit();
    const b = (
      await office().post('/rentals/bookings', {
        rentalProductId: u.id,
        customer: newCustomer(),
        startDate: today(),
        dueDate: addDays(today(), 2),
      })
    ).json<Rental>();
    expect(b).toMatchObject({ kind: 'booking', status: 'booked' });
    const past = await office().post('/rentals/bookings', {
      rentalProductId: u.id,
      customer: newCustomer(),
      startDate: addDays(today(), -1),
      dueDate: addDays(today(), 2),
    });
    expect(past.statusCode).toBe(400);
    const picked = await tech().post(`/rentals/${b.id}/pickup`, { version: b.version });
    expect(picked.json()).toMatchObject({ kind: 'rental', status: 'active', startDate: today() });
    tested.add('POST /api/rentals/:id/pickup');
    // Undo is rentals.handover.test.ts's subject; here: it answers, and the route is covered.
    const undone = await tech().post(`/rentals/${b.id}/undo-pickup`, { version: 2 });
    expect(undone.json()).toMatchObject({ kind: 'booking', status: 'booked', version: 3 });
    tested.add('POST /api/rentals/:id/undo-pickup');
    expect((await tech().post(`/rentals/${b.id}/pickup`, { version: 3 })).statusCode).toBe(200);
    expect((await tech().post(`/rentals/${b.id}/cancel`, { version: 4 })).statusCode).toBe(403);
    const cancelled = await manager().post(`/rentals/${b.id}/cancel`, { version: 4 });
    expect(cancelled.json().status).toBe('cancelled');
    tested.add('POST /api/rentals/:id/cancel');
    expect((await tech().get(`/rentals/products/${u.id}`)).json().availability).toBe('available');
  });

  it('edits dates, deposit and notes; bad input is 400 and changes nothing', async () => {
    const u = await unit();
    const r = (await rent(u.id)).json<Rental>();
    const bad = await manager().put(`/rentals/${r.id}`, {
      startDate: r.startDate,
      dueDate: addDays(r.startDate, -1),
      deposit: 0,
      version: r.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('dueDate');
    const ok = await manager().put(`/rentals/${r.id}`, {
      startDate: r.startDate,
      dueDate: addDays(r.dueDate, 2),
      deposit: 100_000,
      notes: 'Gate code 1234',
      version: r.version,
    });
    expect(ok.json()).toMatchObject({ deposit: 100_000, notes: 'Gate code 1234', version: 2 });
    tested.add('PUT /api/rentals/:id');
    expect((await tech().get(`/rentals/${r.id}`)).json().dueDate).toBe(addDays(r.dueDate, 2));
    tested.add('GET /api/rentals/:id');
  });

  it('lists newest/oldest, filters by status and searches customer or serial', async () => {
    const u = await unit({ serialNumber: 'FIND-ME-77' });
    await rent(u.id);
    const bySerial = await tech().get('/rentals?search=find-me');
    expect(bySerial.json().items.map((r: Rental) => r.serialNumber)).toEqual(['FIND-ME-77']);
    const newest = (await tech().get('/rentals?sort=newest&pageSize=100')).json<{ items: Rental[] }>().items;
    const oldest = (await tech().get('/rentals?sort=oldest&pageSize=100')).json<{ items: Rental[] }>().items;
    expect(newest.map((r) => r.id)).toEqual(oldest.map((r) => r.id).reverse());
    tested.add('GET /api/rentals');
    const cancelled = (await tech().get('/rentals?status=cancelled')).json<{ items: Rental[] }>().items;
    expect(cancelled.every((r) => r.status === 'cancelled')).toBe(true);
    expect((await tech().get('/rentals?status=lost')).statusCode).toBe(400);
  });
});

describe('overdue, return with late fee, reminders (moved clock)', () => {
  it('an active rental past due is overdue everywhere; its return shows the late fee', async () => {
    // The world's clock starts at the real time and every sign-in moves it on 12.5 minutes: begun
    // late in an Oslo evening, the days below would cross one more midnight than they add. Start
    // from tomorrow's morning in Oslo (the clock only moves forward), signed in afresh.
    w.ctx.clock.now = new Date(`${addDays(today(), 1)}T08:00:00Z`);
    await w.signInAgain();
    const u = await unit({ lateFeePerDay: 20_000 });
    const r = (
      await rent(u.id, {
        customer: {
          newCustomer: { name: 'Late Larsen', email: 'late@example.net', phone: '+47 912 34 567' },
        },
        dueDate: addDays(today(), 1),
      })
    ).json<Rental>();
    const start = r.startDate;

    // Reminder one day before the due date (the default), once.
    await w.ctx.app.jobs.enqueue('rentals.reminders', {});
    await w.ctx.app.jobs.drain();
    await w.ctx.app.jobs.enqueue('rentals.reminders', {}, { uniqueKey: 'again' });
    await w.ctx.app.jobs.drain();
    const mine = () =>
      w.ctx.app.db
        .select()
        .from(communications)
        .where(and(eq(communications.customerName, 'Late Larsen'), isNull(communications.serviceOrderId)));
    const first = await mine();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ method: 'email', direction: 'outbound', toAddress: 'late@example.net' });
    expect(first[0]!.message).toContain('Hei Late');

    // Three days on: overdue everywhere, one overdue reminder.
    w.ctx.clock.advance(3 * DAY);
    await w.signInAgain();
    expect((await tech().get(`/rentals/${r.id}`)).json().status).toBe('overdue');
    const overdue = (await tech().get('/rentals?status=overdue&pageSize=100')).json<{ items: Rental[] }>();
    expect(overdue.items.map((x) => x.id)).toContain(r.id);
    const active = (await tech().get('/rentals?status=active&pageSize=100')).json<{ items: Rental[] }>();
    expect(active.items.map((x) => x.id)).not.toContain(r.id);
    const dash = (await tech().get('/rentals/dashboard')).json();
    expect(dash.overdue).toBeGreaterThanOrEqual(1);
    expect(dash.overdueList.map((x: Rental) => x.id)).toContain(r.id);
    tested.add('GET /api/rentals/dashboard');
    expect((await tech().get(`/rentals/products/${u.id}`)).json().availability).toBe('overdue');
    // Still out: a new rental of the unit from today is refused.
    expect((await rent(u.id)).json().code).toBe('unit_unavailable');

    await w.ctx.app.jobs.enqueue('rentals.reminders', {}, { uniqueKey: 'third' });
    await w.ctx.app.jobs.drain();
    await w.ctx.app.jobs.enqueue('rentals.reminders', {}, { uniqueKey: 'fourth' });
    await w.ctx.app.jobs.drain();
    expect(await mine()).toHaveLength(2);
    const kinds = await w.ctx.app.db.select().from(rentalReminders).where(eq(rentalReminders.rentalId, r.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['due_soon', 'overdue']);
    const mail = await w.ctx.mail.waitFor('late@example.net', 5000);
    expect(mail.text).toMatch(/Late/);

    // Returned today: 3 days (40 000 + 2 × 50 000? no: this unit has no own price) and 2 late days.
    const back = await tech().post(`/rentals/${r.id}/return`, {
      condition: 'fair',
      notes: 'Door hinge loose',
      version: r.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    tested.add('POST /api/rentals/:id/return');
    const returned = back.json<Rental>();
    expect(returned).toMatchObject({ status: 'returned', returnedDate: today(), returnCondition: 'fair' });
    expect(returned.charges).toEqual({
      days: 3,
      weeks: 0,
      rentalMinor: 3 * 50_000,
      lateDays: 2,
      lateFeeMinor: 40_000,
      totalMinor: 190_000,
    });
    expect(returned.startDate).toBe(start);
    expect((await tech().get(`/rentals/products/${u.id}`)).json()).toMatchObject({
      availability: 'available',
      condition: 'fair',
    });
    const twice = await tech().post(`/rentals/${r.id}/return`, { condition: 'fair', version: 2 });
    expect(twice.json().code).toBe('invalid_transition');
  });

  it('reminder settings: per partner, SMS, none', async () => {
    const s = (await tech().get('/rentals/settings')).json();
    tested.add('GET /api/rentals/settings');
    expect((await tech().put('/rentals/settings', { ...s, reminderMethod: 'sms' })).statusCode).toBe(403);
    const saved = await manager().put('/rentals/settings', {
      ...s,
      reminderMethod: 'sms',
      reminderDaysBefore: 2,
    });
    expect(saved.json()).toMatchObject({ reminderMethod: 'sms', reminderDaysBefore: 2, version: 1 });
    tested.add('PUT /api/rentals/settings');
    expect((await fjord().get('/rentals/settings')).json().version).toBe(0);
  });

  it('the calendar shows units × days', async () => {
    const u = await unit({ name: 'Calendar cabin' });
    await office().post('/rentals/bookings', {
      rentalProductId: u.id,
      customer: newCustomer(),
      startDate: addDays(today(), 2),
      dueDate: addDays(today(), 4),
    });
    const cal = await tech().get(`/rentals/calendar?from=${today()}&to=${addDays(today(), 6)}`);
    expect(cal.statusCode).toBe(200);
    tested.add('GET /api/rentals/calendar');
    expect(cal.json().units.map((x: RentalProduct) => x.id)).toContain(u.id);
    expect(cal.json().entries.filter((e: { rentalProductId: string }) => e.rentalProductId === u.id)).toEqual(
      [
        expect.objectContaining({
          status: 'booked',
          startDate: addDays(today(), 2),
          endDate: addDays(today(), 4),
        }),
      ],
    );
    const tooLong = await tech().get(`/rentals/calendar?from=${today()}&to=${addDays(today(), 90)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives the serial history of a unit', async () => {
    const u = await unit({ serialNumber: 'HIST-1' });
    await rent(u.id);
    const service = createRentalsService({
      repo: createRentalsRepository(w.ctx.app.db),
      customers: unused,
      pricing: unused,
      messages: unused,
      photos: unused,
      now: () => w.ctx.clock.now,
    });
    const history = await service.serialHistory({ partnerId: w.partners.nordic }, ' hist-1 ');
    expect(history).toEqual([
      expect.objectContaining({ kind: 'rental', status: 'active', unitName: u.name, startDate: today() }),
    ]);
    expect(await service.serialHistory({ partnerId: w.partners.fjord }, 'HIST-1')).toEqual([]);
  });
});

describe('photos with the return (the images pipeline)', () => {
  const postPhotos = (token: string, id: string, parts: Part[], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return w.ctx.app.inject({
      method: 'POST',
      url: `/api/rentals/${id}/photos`,
      headers: { ...bearer(token), ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const photosOf = (rentalId: string) =>
    w.ctx.app.db.select().from(images).where(eq(images.rentalId, rentalId));
  const uncommitted = async () =>
    (await w.ctx.app.db.select().from(storedFiles)).filter((f) => f.committedAt === null);

  it('stores a retried photo upload once when it carries the same Idempotency-Key', async () => {
    const u = await unit();
    const r = (await rent(u.id)).json<Rental>();
    const send = async () =>
      postPhotos(w.tokens.tech, r.id, [{ name: 'files', filename: 'door.png', data: await png() }], {
        'idempotency-key': `rental-photo-${r.id}`,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await photosOf(r.id)).toHaveLength(1);
  });

  it('takes photos by content on a rental under way, lists them with thumbnails, and after the return', async () => {
    const u = await unit();
    const r = (await rent(u.id)).json<Rental>();
    const res = await postPhotos(w.tokens.tech, r.id, [
      { name: 'files', filename: 'scratch.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'named-wrong.heic', data: await png(), contentType: 'image/heic' },
      { name: 'descriptions', value: 'Scratch on the door' },
      { name: 'descriptions', value: '' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    tested.add('POST /api/rentals/:id/photos');
    const added = res.json<Image[]>();
    expect(
      added.map((i) => [i.rentalId, i.serviceOrderId, i.originalType, i.description, i.category]),
    ).toEqual([
      [r.id, null, 'image/jpeg', 'Scratch on the door', 'product_photo'],
      [r.id, null, 'image/png', null, 'product_photo'],
    ]);

    const list = await office().get(`/rentals/${r.id}/photos`);
    expect(list.statusCode).toBe(200);
    tested.add('GET /api/rentals/:id/photos');
    expect(list.json<Image[]>().map((i) => i.id)).toEqual(added.map((i) => i.id));
    const thumb = await w.ctx.app.inject({ url: list.json<Image[]>()[0]!.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);

    // Returned: a forgotten photo can still be added; one can be deleted.
    const back = await tech().post(`/rentals/${r.id}/return`, { condition: 'fair', version: r.version });
    expect(back.statusCode, back.body).toBe(200);
    w.ctx.clock.advance(1000); // the list is oldest first; the test clock stands still otherwise
    const late = await postPhotos(w.tokens.tech, r.id, [
      { name: 'files', filename: 'late.png', data: await png() },
    ]);
    expect(late.statusCode, late.body).toBe(201);
    const gone = await tech().del(`/rentals/${r.id}/photos/${added[1]!.id}`);
    expect(gone.statusCode).toBe(204);
    tested.add('DELETE /api/rentals/:id/photos/:photoId');
    expect((await tech().del(`/rentals/${r.id}/photos/${added[1]!.id}`)).statusCode).toBe(404);
    expect((await office().get(`/rentals/${r.id}/photos`)).json<Image[]>().map((i) => i.id)).toEqual([
      added[0]!.id,
      late.json<Image[]>()[0]!.id,
    ]);
    // The unit's serial-number history shows them too.
    const history = await office().get(`/serial-history/${encodeURIComponent(u.serialNumber)}`);
    const shown = history.json<{
      events: { kind: string; rentalId?: string | null; imageUrl?: string | null }[];
    }>();
    expect(shown.events.filter((e) => e.kind === 'photo')).toEqual([
      expect.objectContaining({ rentalId: r.id, imageUrl: expect.stringContaining('/thumbnail?') }),
      expect.objectContaining({ rentalId: r.id, imageUrl: expect.stringContaining('/thumbnail?') }),
    ]);
  });

  it('refuses a file that is not an image by content (415) and stores nothing', async () => {
    const r = (await rent((await unit()).id)).json<Rental>();
    const res = await postPhotos(w.tokens.tech, r.id, [
      { name: 'files', filename: 'ok.jpg', data: await gpsJpeg() },
      { name: 'files', filename: 'photo.jpg', data: pdf(), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect(await photosOf(r.id)).toEqual([]);
    expect(await uncommitted()).toEqual([]);
    const none = await postPhotos(w.tokens.tech, r.id, [{ name: 'descriptions', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(await photosOf(r.id)).toEqual([]);
  });

  it('takes no photos on a booking, and a photo has exactly one owner (database check)', async () => {
    const b = (
      await office().post('/rentals/bookings', {
        rentalProductId: (await unit()).id,
        customer: newCustomer(),
        startDate: addDays(today(), 20),
        dueDate: addDays(today(), 21),
      })
    ).json<Rental>();
    const res = await postPhotos(w.tokens.tech, b.id, [
      { name: 'files', filename: 'a.png', data: await png() },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_transition');
    expect(await photosOf(b.id)).toEqual([]);
    const [any] = await w.ctx.app.db.select().from(images).limit(1);
    await expect(
      w.ctx.app.db.update(images).set({ serviceOrderId: null, rentalId: null }).where(eq(images.id, any!.id)),
    ).rejects.toThrow();
  });

  it("leaves an order's photos apart from a rental's", async () => {
    const order = (await manager().post('/service-orders', orderInput({ serialNumber: 'PH-1' }))).json<{
      id: string;
    }>();
    const body = multipart([
      { name: 'files', filename: 'o.png', data: await png() },
      { name: 'categories', value: 'problem_area' },
    ]);
    const up = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/service-orders/${order.id}/images`,
      headers: { ...bearer(w.tokens.tech), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json<Image[]>()[0]).toMatchObject({ serviceOrderId: order.id, rentalId: null });
    const r = (await rent((await unit()).id)).json<Rental>();
    await postPhotos(w.tokens.tech, r.id, [{ name: 'files', filename: 'r.png', data: await png() }]);
    const orderList = (await office().get(`/service-orders/${order.id}/images`)).json<Image[]>();
    expect(orderList.map((i) => i.serviceOrderId)).toEqual([order.id]);
    const rentalList = (await office().get(`/rentals/${r.id}/photos`)).json<Image[]>();
    expect(rentalList.map((i) => i.rentalId)).toEqual([r.id]);
  });

  it("partner B can neither list, add nor delete partner A's rental photos", async () => {
    const r = (await rent((await unit()).id)).json<Rental>();
    const mine = await postPhotos(w.tokens.tech, r.id, [
      { name: 'files', filename: 'a.png', data: await png() },
    ]);
    const photoId = mine.json<Image[]>()[0]!.id;
    const list = await fjord().get(`/rentals/${r.id}/photos`);
    expect(list.statusCode).toBe(404);
    const add = await postPhotos(w.tokens.fjord, r.id, [
      { name: 'files', filename: 'b.png', data: await png() },
    ]);
    expect(add.statusCode).toBe(404);
    expect((await fjord().del(`/rentals/${r.id}/photos/${photoId}`)).statusCode).toBe(404);
    expect((await photosOf(r.id)).map((p) => p.id)).toEqual([photoId]);
    expect(await uncommitted()).toEqual([]);
  });
});

describe('tenancy', () => {
  it("never shows or changes another partner's units and rentals", async () => {
    const u = await unit();
    const r = (await rent(u.id)).json<Rental>();
    const b = (
      await office().post('/rentals/bookings', {
        rentalProductId: u.id,
        customer: newCustomer(),
        startDate: addDays(today(), 30),
        dueDate: addDays(today(), 31),
      })
    ).json<Rental>();
    const calls = [
      fjord().get(`/rentals/products/${u.id}`),
      fjord().put(`/rentals/products/${u.id}`, {
        name: 'X',
        serialNumber: 'X',
        condition: 'new',
        version: 1,
      }),
      fjord().patch(`/rentals/products/${u.id}/status`, { isActive: false, version: 1 }),
      fjord().del(`/rentals/products/${u.id}`),
      fjord().get(`/rentals/${r.id}`),
      fjord().put(`/rentals/${r.id}`, { startDate: r.startDate, dueDate: r.dueDate, deposit: 0, version: 1 }),
      fjord().post(`/rentals/${r.id}/return`, { condition: 'good', version: 1 }),
      fjord().post(`/rentals/${r.id}/cancel`, { version: 1 }),
      fjord().post(`/rentals/${b.id}/pickup`, { version: 1 }),
      fjord().post(`/rentals/${r.id}/undo-pickup`, { version: 1 }),
      fjord().post('/rentals', {
        rentalProductId: u.id,
        customer: newCustomer(),
        startDate: today(),
        dueDate: today(),
        dailyRate: 100,
      }),
      fjord().post('/rentals/bookings', {
        rentalProductId: u.id,
        customer: newCustomer(),
        startDate: addDays(today(), 40),
        dueDate: addDays(today(), 41),
        dailyRate: 100,
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    // A Nordic rental cannot name a Fjord customer.
    const fjordCustomer = (await fjord().post('/customers', { name: 'Fjord kunde' })).json<{ id: string }>();
    const foreign = await rent((await unit()).id, { customer: { customerId: fjordCustomer.id } });
    expect(foreign.statusCode).toBe(404);

    const lists = [
      fjord().get('/rentals?pageSize=100'),
      fjord().get('/rentals/products?pageSize=48&includeInactive=true'),
      fjord().get('/rentals/products/options?includeInactive=true'),
      fjord().get(`/rentals/calendar?from=${today()}&to=${addDays(today(), 40)}`),
    ];
    const [rl, pl, po, cal] = await Promise.all(lists);
    expect(rl!.json().total).toBe(0);
    expect(pl!.json().total).toBe(0);
    expect(po!.json()).toEqual([]);
    expect(cal!.json()).toMatchObject({ units: [], entries: [] });
    const dash = (await fjord().get('/rentals/dashboard')).json();
    expect(dash).toMatchObject({ unitsTotal: 0, out: 0, overdue: 0, overdueList: [] });
    // A global administrator acts for the partner named only.
    const admin = await w.api(w.tokens.admin, actingFor(w.partners.fjord)).get(`/rentals/${r.id}`);
    expect(admin.statusCode).toBe(404);
    const row = await w.ctx.app.db.select().from(rentals).where(eq(rentals.id, r.id));
    expect(row[0]).toMatchObject({ status: 'active', version: 1 });
  });

  it('every rentals route is covered here', () => {
    const routes = w.ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/rentals') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => !tested.has(r))).toEqual([]);
  });
});
