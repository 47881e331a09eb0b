import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HANDOVER_UNDO_MINUTES, type Rental, type RentalProduct } from '@service-portal/shared/rentals';
import { rentals } from '../../db/schema/rentals.ts';
import { createOrdersWorld, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';

// Issue 31: hand-over of a booking asks for the actual start, keeps the due date, and can be undone.

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
  // Mid-morning in Oslo, so that moving the clock by minutes never crosses a midnight.
  w.ctx.clock.now = new Date(`${addDays(dayInZone(w.ctx.clock.now, 'Europe/Oslo'), 1)}T08:00:00Z`);
  await w.signInAgain();
});
afterAll(async () => w.ctx.close());
// Tokens live shorter than the clock moves here: each test signs in afresh.
beforeEach(async () => w.signInAgain());

const office = () => w.api(w.tokens.office);
const tech = () => w.api(w.tokens.tech);
const manager = () => w.api(w.tokens.manager);
const fjord = () => w.api(w.tokens.fjord);
const today = () => dayInZone(w.ctx.clock.now, 'Europe/Oslo');

let n = 0;
async function unit(name = 'Handover cabin', serialNumber?: string): Promise<RentalProduct> {
  n += 1;
  const res = await manager().post('/rentals/products', {
    name,
    serialNumber: serialNumber ?? `HO-${100 + n}`,
    condition: 'good',
    lateFeePerDay: 10_000,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function book(productId: string, start: number, due: number): Promise<Rental> {
  n += 1;
  const res = await office().post('/rentals/bookings', {
    rentalProductId: productId,
    customer: { newCustomer: { name: `Handover AS ${n}`, email: `handover${n}@example.net` } },
    startDate: addDays(today(), start),
    dueDate: addDays(today(), due),
    dailyRate: 50_000,
    weeklyRate: 249_000,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('hand over a booking', () => {
  it('a future booking keeps its booked start and due date (not today)', async () => {
    const b = await book((await unit()).id, 21, 23);
    const res = await tech().post(`/rentals/${b.id}/pickup`, { version: b.version });
    expect(res.statusCode, res.body).toBe(200);
    const rental = res.json<Rental>();
    expect(rental).toMatchObject({
      kind: 'rental',
      status: 'active',
      startDate: b.startDate,
      dueDate: b.dueDate,
      version: b.version + 1,
    });
    expect(rental.startDate).not.toBe(today());
    expect(Date.parse(rental.handOverUndoUntil ?? '')).toBe(
      w.ctx.clock.now.getTime() + HANDOVER_UNDO_MINUTES * 60_000,
    );
  });

  it('takes the actual start given, from today (early) to the due date; outside is 400 and no change', async () => {
    const u = await unit();
    const b = await book(u.id, 5, 8);
    for (const startDate of [addDays(today(), -1), addDays(today(), 9), 'not a day']) {
      const bad = await office().post(`/rentals/${b.id}/pickup`, { startDate, version: b.version });
      expect(bad.statusCode, startDate).toBe(400);
      expect(bad.json().errors[0].path).toBe('startDate');
    }
    const [row] = await w.ctx.app.db.select().from(rentals).where(eq(rentals.id, b.id));
    expect(row).toMatchObject({ status: 'booked', startDate: b.startDate, version: b.version });
    const early = await office().post(`/rentals/${b.id}/pickup`, { startDate: today(), version: b.version });
    expect(early.json()).toMatchObject({ status: 'active', startDate: today(), dueDate: b.dueDate });
  });

  it('a booking that has begun starts today by default, or on its booked start when given', async () => {
    const u = await unit();
    // A booking made for today, picked up two days later (the clock moves on).
    const b = await book(u.id, 0, 6);
    w.ctx.clock.advance(2 * 86_400_000);
    await w.signInAgain();
    const late = await office().post(`/rentals/${b.id}/pickup`, {
      startDate: addDays(b.startDate, -1),
      version: b.version,
    });
    expect(late.statusCode).toBe(400);
    const a = await office().post(`/rentals/${b.id}/pickup`, { version: b.version });
    expect(a.json()).toMatchObject({ startDate: today(), dueDate: b.dueDate });
    const undone = await office().post(`/rentals/${b.id}/undo-pickup`, { version: b.version + 1 });
    expect(undone.json()).toMatchObject({ status: 'booked', startDate: b.startDate });
    const c = await office().post(`/rentals/${b.id}/pickup`, {
      startDate: b.startDate,
      version: b.version + 2,
    });
    expect(c.json()).toMatchObject({ status: 'active', startDate: b.startDate });
  });

  it('a unit handed over before its start is out from today: a rental of it today is refused', async () => {
    const u = await unit();
    const b = await book(u.id, 10, 12);
    await office().post(`/rentals/${b.id}/pickup`, { version: b.version });
    const now = await office().post('/rentals', {
      rentalProductId: u.id,
      customer: { newCustomer: { name: 'Walk-in', email: 'walkin@example.net' } },
      startDate: today(),
      dueDate: addDays(today(), 2),
      dailyRate: 100,
    });
    expect(now.statusCode).toBe(409);
    expect(now.json().code).toBe('unit_unavailable');
    // A second booking of the unit between today and that start cannot be handed over early either.
    const v = await unit();
    const first = await book(v.id, 2, 3);
    const second = await book(v.id, 6, 7);
    const refused = await office().post(`/rentals/${second.id}/pickup`, { version: second.version });
    expect(refused.statusCode).toBe(409);
    expect((await office().post(`/rentals/${first.id}/pickup`, { version: first.version })).statusCode).toBe(
      200,
    );
  });
});

describe('undo a hand-over', () => {
  it('turns the rental back into the booking it was, once', async () => {
    const b = await book((await unit()).id, 3, 4);
    const r = (await tech().post(`/rentals/${b.id}/pickup`, { version: b.version })).json<Rental>();
    const stale = await tech().post(`/rentals/${b.id}/undo-pickup`, { version: b.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const undone = await tech().post(`/rentals/${b.id}/undo-pickup`, { version: r.version });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      kind: 'booking',
      status: 'booked',
      startDate: b.startDate,
      dueDate: b.dueDate,
      handOverUndoUntil: null,
      version: r.version + 1,
    });
    const again = await tech().post(`/rentals/${b.id}/undo-pickup`, { version: r.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invalid_transition');
  });

  it(`is refused after ${HANDOVER_UNDO_MINUTES} minutes, and once anything else happened to the rental`, async () => {
    const b = await book((await unit()).id, 3, 4);
    const r = (await office().post(`/rentals/${b.id}/pickup`, { version: b.version })).json<Rental>();
    w.ctx.clock.advance((HANDOVER_UNDO_MINUTES + 1) * 60_000);
    expect((await office().get(`/rentals/${b.id}`)).json().handOverUndoUntil).toBeNull();
    const late = await office().post(`/rentals/${b.id}/undo-pickup`, { version: r.version });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invalid_transition');

    const c = await book((await unit()).id, 3, 4);
    const s = (await office().post(`/rentals/${c.id}/pickup`, { version: c.version })).json<Rental>();
    const edited = await manager().put(`/rentals/${c.id}`, {
      startDate: s.startDate,
      dueDate: addDays(s.dueDate, 1),
      deposit: 0,
      version: s.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().handOverUndoUntil).toBeNull();
    const afterEdit = await office().post(`/rentals/${c.id}/undo-pickup`, { version: s.version + 1 });
    expect(afterEdit.statusCode).toBe(409);
    const [row] = await w.ctx.app.db.select().from(rentals).where(eq(rentals.id, c.id));
    expect(row).toMatchObject({ status: 'active', kind: 'rental' });
  });

  it("is another partner's 404 and needs a signed-in user", async () => {
    const b = await book((await unit()).id, 3, 4);
    const r = (await office().post(`/rentals/${b.id}/pickup`, { version: b.version })).json<Rental>();
    const foreign = await fjord().post(`/rentals/${b.id}/undo-pickup`, { version: r.version });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/rentals/${b.id}/undo-pickup`,
      payload: { version: r.version },
    });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await w.ctx.app.db.select().from(rentals).where(eq(rentals.id, b.id));
    expect(row).toMatchObject({ status: 'active', version: r.version });
  });
});

describe('rental products sort', () => {
  it('name A–Z and Z–A break ties by serial number', async () => {
    for (const serial of ['TIE-3', 'TIE-1', 'TIE-5', 'TIE-2', 'TIE-4']) await unit('Tie cabin', serial);
    for (const sort of ['name_asc', 'name_desc', 'condition_best']) {
      const res = await office().get(`/rentals/products?sort=${sort}&search=Tie%20cabin`);
      expect(res.json<{ items: RentalProduct[] }>().items.map((p) => p.serialNumber)).toEqual([
        'TIE-1',
        'TIE-2',
        'TIE-3',
        'TIE-4',
        'TIE-5',
      ]);
    }
  });
});
