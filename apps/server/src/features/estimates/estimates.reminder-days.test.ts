import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import type { Estimate } from '@service-portal/shared/estimates';
import { PRICING_MESSAGES as P, type PricingConfig } from '@service-portal/shared/pricing';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import { pricingConfigs } from '../../db/schema/pricing.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

// Issue 27: the days before an estimate's last valid day that the customer is reminded are the
// partner's setting (pricing configuration), 3 until the partner saves its own, 0 = no reminder.

let w: OrdersWorld;
const PHONE = '+47 912 34 567';

beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

type Api = ReturnType<OrdersWorld['api']>;
const nordic = () => w.api(w.tokens.manager);
const fjord = () => w.api(w.tokens.fjord);
// The partner's day (Oslo), as the server judges dates: not UTC's, which differs before midnight.
const today = () => todayIn('Europe/Oslo', w.ctx.clock.now);
const settings = {
  defaultHourlyRate: 95_000,
  currency: 'NOK',
  roundingIntervalMinutes: 15,
  roundingDirection: 'up',
};
const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

async function config(api: Api): Promise<PricingConfig> {
  const res = await api.get('/pricing');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PricingConfig>();
}

/** An order with an estimate sent by SMS whose last valid day is `daysAhead` from today. */
async function sentEstimate(api: Api, serial: string, daysAhead: number): Promise<string> {
  const order = await api.post('/service-orders', orderInput({ customerPhone: PHONE, serialNumber: serial }));
  expect(order.statusCode, order.body).toBe(201);
  const orderId = order.json<{ id: string }>().id;
  const composed = await api.post(`/service-orders/${orderId}/estimates`, {
    lines: [{ partNumber: 'P-1', description: 'Pump', quantity: 1, unitPriceMinor: 10_000 }],
    labourMinutes: 30,
    validUntil: addDays(today(), daysAhead),
  });
  expect(composed.statusCode, composed.body).toBe(201);
  const e = composed.json<Estimate>();
  const sent = await api.post(`/service-orders/${orderId}/estimates/${e.id}/send`, { method: 'sms' });
  expect(sent.statusCode, sent.body).toBe(200);
  return orderId;
}

/** The reminders (Norwegian: the customer's phone is Norwegian) the order's customer got. */
async function reminders(api: Api, orderId: string): Promise<number> {
  const res = await api.get(`/service-orders/${orderId}/communications`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Communication[]>().filter((c) => c.message.includes('Husk kostnadsoverslaget')).length;
}

let run = 0;
async function runReminderJob(): Promise<void> {
  run += 1;
  await w.ctx.app.jobs.enqueue('estimates.send-reminders', {}, { uniqueKey: `reminder-days-${run}` });
  await w.ctx.app.jobs.drain();
}

describe('the setting', () => {
  it('is 3 days until the partner saves its own', async () => {
    expect(await config(nordic())).toMatchObject({ isDefault: true, estimateReminderDays: 3, version: 0 });
  });

  it('refuses days outside 0–30 or not whole, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [31, P.reminderDaysTooMany],
      [-1, P.reminderDaysNegative],
      [2.5, P.reminderDaysWhole],
      ['7', P.reminderDaysRequired],
      [null, P.reminderDaysRequired],
    ];
    for (const [days, message] of cases) {
      const res = await nordic().put('/pricing', { ...settings, estimateReminderDays: days, version: 0 });
      expect(res.statusCode, String(days)).toBe(400);
      expect(errorsOf(res.json())).toEqual({ estimateReminderDays: message });
    }
    const rows = await w.ctx.app.db
      .select()
      .from(pricingConfigs)
      .where(eq(pricingConfigs.servicePartnerId, w.partners.nordic));
    expect(rows).toEqual([]);
  });

  it('saves 0–30 beside the VAT rate, and a save without it keeps the stored days', async () => {
    const saved = await nordic().put('/pricing', { ...settings, estimateReminderDays: 7, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ estimateReminderDays: 7, vatRate: 25, version: 1 });
    const without = await nordic().put('/pricing', { ...settings, vatRate: 15, version: 1 });
    expect(without.json()).toMatchObject({ estimateReminderDays: 7, vatRate: 15, version: 2 });
    const tooMany = await nordic().put('/pricing', { ...settings, estimateReminderDays: 31, version: 2 });
    expect(tooMany.statusCode).toBe(400);
    expect(await config(nordic())).toMatchObject({ estimateReminderDays: 7, vatRate: 15, version: 2 });
  });

  it("one partner's days do not change the other's", async () => {
    expect(await config(fjord())).toMatchObject({ isDefault: true, estimateReminderDays: 3 });
  });
});

describe('the reminder job', () => {
  it("reminds each partner's customers their partner's days ahead, once", async () => {
    const nordicIn7 = await sentEstimate(nordic(), 'SN-RD-1', 7);
    const nordicIn8 = await sentEstimate(nordic(), 'SN-RD-2', 8);
    const fjordIn7 = await sentEstimate(fjord(), 'SN-RD-3', 7);
    const fjordIn3 = await sentEstimate(fjord(), 'SN-RD-4', 3);
    await runReminderJob();
    await runReminderJob();
    // Nordic: 7 days; Fjord has no configuration: the default 3 days.
    expect(await reminders(nordic(), nordicIn7)).toBe(1);
    expect(await reminders(nordic(), nordicIn8)).toBe(0);
    expect(await reminders(fjord(), fjordIn7)).toBe(0);
    expect(await reminders(fjord(), fjordIn3)).toBe(1);
  });

  it("0 days sends no reminder, and another partner's setting does not change that", async () => {
    const current = await config(nordic());
    const off = await nordic().put('/pricing', {
      ...settings,
      estimateReminderDays: 0,
      version: current.version,
    });
    expect(off.json()).toMatchObject({ estimateReminderDays: 0 });
    const tomorrow = await sentEstimate(nordic(), 'SN-RD-5', 1);
    const lastDay = await sentEstimate(nordic(), 'SN-RD-6', 0);
    await runReminderJob();
    expect(await reminders(nordic(), tomorrow)).toBe(0);
    expect(await reminders(nordic(), lastDay)).toBe(0);

    // Fjord saves 10 days: its own estimate 7 days out is due now, Nordic's stay without.
    const fjordIn7 = await sentEstimate(fjord(), 'SN-RD-7', 7);
    const saved = await fjord().put('/pricing', { ...settings, estimateReminderDays: 10, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await config(nordic())).toMatchObject({ estimateReminderDays: 0 });
    await runReminderJob();
    expect(await reminders(fjord(), fjordIn7)).toBe(1);
    expect(await reminders(nordic(), tomorrow)).toBe(0);
    expect(await reminders(nordic(), lastDay)).toBe(0);
  });
});
