import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import type { Estimate } from '@service-portal/shared/estimates';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { UploadSession } from '@service-portal/shared/upload-links';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import { signIn } from '../../../test/helper.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let orderId: string;
let otherOrderId: string;
const PHONE = '+47 912 34 567';
const SERIAL = 'SN-EST-1';

async function newOrder(serial: string): Promise<string> {
  const res = await w
    .api(w.tokens.manager)
    .post('/service-orders', orderInput({ customerPhone: PHONE, serialNumber: serial }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  w = await createOrdersWorld();
  orderId = await newOrder(SERIAL);
  otherOrderId = await newOrder('SN-EST-2');
});
afterAll(async () => w.ctx.close());

const staff = () => w.api(w.tokens.office);
const body = {
  lines: [{ partNumber: 'P-1', description: 'Pump', quantity: 2, unitPriceMinor: 12_500 }],
  labourMinutes: 90,
};

async function compose(id = orderId, input: Record<string, unknown> = body): Promise<Estimate> {
  const res = await staff().post(`/service-orders/${id}/estimates`, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Estimate>();
}

async function send(e: Estimate, method: 'sms' | 'email' = 'sms'): Promise<string> {
  const res = await staff().post(`/service-orders/${e.serviceOrderId}/estimates/${e.id}/send`, { method });
  expect(res.statusCode, res.body).toBe(200);
  const comms = await staff().get(`/service-orders/${e.serviceOrderId}/communications`);
  const msg = comms.json<Communication[]>().find((c) => c.message.includes(`(versjon ${e.version})`))!;
  return /\/customer-upload\/([A-Za-z0-9_-]+)/.exec(msg.message)![1]!;
}

const pub = (method: 'GET' | 'POST', url: string, session?: string, payload?: unknown) =>
  w.ctx.app.inject({
    method,
    url: `/api/customer-upload${url}`,
    headers: session ? { 'x-upload-session': session } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function verify(token: string, serial = SERIAL): Promise<string> {
  const res = await pub('POST', `/${token}/verify`, undefined, { phoneNumber: PHONE, serialNumber: serial });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UploadSession>().session;
}

describe('staff compose and send', () => {
  it('prices lines and labour by the pricing configuration with 25 % VAT, valid 30 days', async () => {
    const e = await compose();
    expect(e.status).toBe('draft');
    expect(e.version).toBe(1);
    expect(e.labourRateMinor).toBe(95_000);
    expect(e.vatRate).toBe(25);
    // 2 × 125.00 + 1.5 h × 950.00 = 1 675.00; VAT 418.75; total 2 093.75
    expect(e.totals).toMatchObject({
      labourMinor: 142_500,
      subtotalMinor: 167_500,
      vatMinor: 41_875,
      totalMinor: 209_375,
    });
    expect(e.validUntil > todayIn('Europe/Oslo', w.ctx.clock.now)).toBe(true);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = (await staff().get(`/service-orders/${otherOrderId}/estimates`)).json<Estimate[]>().length;
    for (const bad of [
      { lines: [], labourMinutes: 0 },
      { lines: [{ description: 'x', quantity: -1, unitPriceMinor: 1 }] },
      { labourMinutes: '60' },
      { labourMinutes: 30, validUntil: '2000-01-01' },
    ]) {
      const res = await staff().post(`/service-orders/${otherOrderId}/estimates`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await staff().get(`/service-orders/${otherOrderId}/estimates`)).json<Estimate[]>()).toHaveLength(
      before,
    );
  });

  it('edits a draft in place but not a sent version', async () => {
    const e = await compose(otherOrderId);
    const put = await staff().put(`/service-orders/${otherOrderId}/estimates/${e.id}`, { labourMinutes: 60 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Estimate>().version).toBe(e.version);
    await send(put.json<Estimate>());
    const again = await staff().put(`/service-orders/${otherOrderId}/estimates/${e.id}`, {
      labourMinutes: 30,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the customer answers', () => {
  it('sees the sent estimate behind the verified link, approves once, and the staff are told', async () => {
    const e = await compose();
    const token = await send(e);
    expect((await pub('GET', `/${token}/estimates`)).statusCode).toBe(401);
    const session = await verify(token);
    const seen = await pub('GET', `/${token}/estimates`, session);
    expect(seen.statusCode, seen.body).toBe(200);
    const newest = seen.json<Estimate[]>()[0]!;
    expect(newest).toMatchObject({ id: e.id, status: 'opened' });

    const ok = await pub('POST', `/${token}/estimates/approve`, session, {
      estimateId: e.id,
      version: e.version,
      name: 'Ola Nordmann',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Estimate>()).toMatchObject({ status: 'approved', approvedName: 'Ola Nordmann' });

    const twice = await pub('POST', `/${token}/estimates/approve`, session, {
      estimateId: e.id,
      version: e.version,
      name: 'Ola',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ code: string }>().code).toBe('estimate_already_decided');
    const decline = await pub('POST', `/${token}/estimates/decline`, session, {
      estimateId: e.id,
      version: e.version,
      comment: 'no',
    });
    expect(decline.statusCode).toBe(409);

    const list = (await staff().get(`/service-orders/${orderId}/estimates`)).json<Estimate[]>();
    expect(list.find((x) => x.id === e.id)).toMatchObject({
      status: 'approved',
      approvedName: 'Ola Nordmann',
    });
    const unread = await w.api(w.tokens.office).get('/communications/unread');
    expect(unread.statusCode, unread.body).toBe(200);
    expect(JSON.stringify(unread.json())).toContain(`Estimate v${e.version} approved by Ola Nordmann`);
  });

  it('moves an order on hold into work when approved, with a note in the history', async () => {
    const id = await newOrder('SN-EST-3');
    const order = (await staff().get(`/service-orders/${id}`)).json<ServiceOrder>();
    const hold = await w
      .api(w.tokens.manager)
      .put(`/service-orders/${id}`, { status: 'on_hold', version: order.version });
    expect(hold.statusCode, hold.body).toBe(200);
    const e = await compose(id);
    const token = await send(e);
    const session = await verify(token, 'SN-EST-3');
    const ok = await pub('POST', `/${token}/estimates/approve`, session, {
      estimateId: e.id,
      version: 1,
      name: 'Kari',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await staff().get(`/service-orders/${id}`)).json<ServiceOrder>();
    expect(after.status).toBe('in_progress');
    expect(after.statusHistory.some((h) => h.toStatus === 'in_progress')).toBe(true);
  });

  it('refuses an old version once a newer one is sent, and declines the newest with a comment', async () => {
    const id = await newOrder('SN-EST-4');
    const v1 = await compose(id);
    const token = await send(v1);
    const v2 = await compose(id, { ...body, labourMinutes: 30 });
    expect(v2.version).toBe(2);
    await send(v2);
    const session = await verify(token, 'SN-EST-4');
    const old = await pub('POST', `/${token}/estimates/approve`, session, {
      estimateId: v1.id,
      version: 1,
      name: 'Kari',
    });
    expect(old.statusCode).toBe(409);
    expect(old.json<{ code: string }>().code).toBe('estimate_superseded');
    const list = (await staff().get(`/service-orders/${id}/estimates`)).json<Estimate[]>();
    expect(list.map((x) => [x.version, x.superseded])).toEqual([
      [2, false],
      [1, true],
    ]);
    const no = await pub('POST', `/${token}/estimates/decline`, session, {
      estimateId: v2.id,
      version: 2,
      comment: 'Too dear',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json<Estimate>()).toMatchObject({ status: 'declined', declineComment: 'Too dear' });
  });

  it('refuses an estimate of another order through this order’s link', async () => {
    const mine = await compose();
    const token = await send(mine);
    const session = await verify(token);
    const other = await compose(otherOrderId);
    await send(other);
    const res = await pub('POST', `/${token}/estimates/approve`, session, {
      estimateId: other.id,
      version: other.version,
      name: 'X',
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends a reminder once per version before expiry, and refuses answers after expiry', async () => {
    const id = await newOrder('SN-EST-5');
    // The partner's day, not UTC's: they differ in the hour before midnight in Oslo.
    const e = await compose(id, { ...body, validUntil: addDays(todayIn('Europe/Oslo', w.ctx.clock.now), 2) });
    const token = await send(e);
    const session = await verify(token, 'SN-EST-5');
    const { createEstimatesRepository } = await import('./estimates.repository.ts');
    const repo = createEstimatesRepository(w.ctx.app.db);
    const due = await repo.dueReminders(w.ctx.clock.now);
    expect(due.map((d) => d.id)).toContain(e.id);
    expect(await repo.claimReminder(e.id, new Date())).toBe(true);
    expect(await repo.claimReminder(e.id, new Date())).toBe(false);

    w.ctx.clock.advance(4 * 24 * 60 * 60_000);
    await w.signInAgain();
    const late = await pub('POST', `/${token}/estimates/approve`, session, {
      estimateId: e.id,
      version: 1,
      name: 'Kari',
    });
    expect([401, 404, 409]).toContain(late.statusCode);
    const list = (await staff().get(`/service-orders/${id}/estimates`)).json<Estimate[]>();
    expect(list[0]!.status).toBe('expired');
  });
});

describe('tenancy', () => {
  it('Fjord cannot see, compose, change or send Nordic’s estimates', async () => {
    const e = await compose();
    const fjord = w.api(w.tokens.fjord);
    expect((await fjord.get(`/service-orders/${orderId}/estimates`)).statusCode).toBe(404);
    expect((await fjord.post(`/service-orders/${orderId}/estimates`, body)).statusCode).toBe(404);
    expect((await fjord.put(`/service-orders/${orderId}/estimates/${e.id}`, body)).statusCode).toBe(404);
    expect(
      (await fjord.post(`/service-orders/${orderId}/estimates/${e.id}/send`, { method: 'sms' })).statusCode,
    ).toBe(404);
    const still = (await staff().get(`/service-orders/${orderId}/estimates`))
      .json<Estimate[]>()
      .find((x) => x.id === e.id);
    expect(still).toMatchObject({ status: 'draft', labourMinutes: 90 });
  });
});

// Last in the file: it signs a user in at a moved clock, which ends the cast's earlier session.
describe("the partner's zone", () => {
  it("counts days in the partner's zone: the last valid day ends at Oslo's midnight, reminders too", async () => {
    const id = await newOrder('SN-EST-6');
    const osloToday = todayIn('Europe/Oslo', w.ctx.clock.now);
    const until = addDays(osloToday, 5);
    const e = await compose(id, { ...body, validUntil: until });
    await send(e);
    const { createEstimatesRepository } = await import('./estimates.repository.ts');
    const repo = createEstimatesRepository(w.ctx.app.db);
    // 23:30 UTC four days before: already three days before in Oslo (due, with 3 reminder days);
    // at 21:30 UTC Oslo's day is still that day (not due yet).
    const dueIds = async (at: string) => (await repo.dueReminders(new Date(at))).map((d) => d.id);
    expect(await dueIds(`${addDays(until, -4)}T21:30:00Z`)).not.toContain(e.id);
    expect(await dueIds(`${addDays(until, -4)}T23:30:00Z`)).toContain(e.id);

    // Sessions live 12 hours on the app's clock: one sign-in at the moved clock serves both reads.
    const saved = w.ctx.clock.now;
    try {
      w.ctx.clock.now = new Date(`${until}T20:30:00Z`);
      const office = w.api(await signIn(w.ctx, 'office@nordic.example.com'));
      const status = async (at: string) => {
        w.ctx.clock.now = new Date(at);
        const list = (await office.get(`/service-orders/${id}/estimates`)).json<Estimate[]>();
        return list.find((x) => x.id === e.id)!.status;
      };
      expect(await status(`${until}T21:00:00Z`)).toBe('sent');
      expect(await status(`${until}T23:00:00Z`)).toBe('expired');
    } finally {
      w.ctx.clock.now = saved;
    }
  });
});
