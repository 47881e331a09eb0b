import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@service-portal/shared/dashboard';
import type { ServiceOrder, ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { workLogs } from '../../db/schema/work-logs.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

// product.md "Dashboard figures" against a fixture computed by hand. The clock is 2026-03-15
// 12:00 UTC; Nordic is in Europe/Oslo (UTC+1 until 29 March), so "this month" starts at
// 2026-02-28T23:00Z and "the last 30 days" at 2026-02-13T23:00Z (14 February, Oslo midnight).

let w: OrdersWorld;
const ids: Record<string, ServiceOrder> = {};

interface Shape {
  createdAt: string;
  status: ServiceOrderStatus;
  completedAt?: string;
  serviceType: ServiceType;
  technician?: 'tore' | 'kari';
  parts?: { unitCost: number; quantity: number; currency: 'NOK' | 'EUR' }[];
}

async function order(name: string, shape: Shape, token = w.tokens.manager) {
  const created: ServiceOrder = (
    await w.api(token).post(
      '/service-orders',
      orderInput({
        title: name,
        serviceType: shape.serviceType,
        ...(shape.technician ? { assignedTechnicianId: w.technicians[shape.technician] } : {}),
        spareParts: (shape.parts ?? []).map((p, i) => ({
          partNumber: `P-${name}-${i}`,
          partName: 'Part',
          quantity: p.quantity,
          unitCost: p.unitCost,
          currency: p.currency,
        })),
      }),
    )
  ).json();
  // The history of an order is not what is measured here: set its dates and status directly.
  await w.ctx.app.db
    .update(serviceOrders)
    .set({
      createdAt: new Date(shape.createdAt),
      status: shape.status,
      completedAt: shape.completedAt ? new Date(shape.completedAt) : null,
    })
    .where(eq(serviceOrders.id, created.id));
  ids[name] = created;
  return created;
}

async function completedWorkLog(orderId: string, partnerId: string, costMinor: number) {
  await w.ctx.app.db.insert(workLogs).values({
    servicePartnerId: partnerId,
    serviceOrderId: orderId,
    category: 'service_log',
    status: 'completed',
    completedAt: new Date('2026-03-05T18:00:00Z'),
    manualMinutes: 60,
    billedMinutes: 60,
    pricingType: 'hourly',
    unitPriceMinor: costMinor,
    costMinor,
    currency: 'NOK',
  });
}

beforeAll(async () => {
  w = await createOrdersWorld();
  await order('A', {
    createdAt: '2026-03-02T09:00:00Z',
    status: 'completed',
    completedAt: '2026-03-04T09:00:00Z', // 48 h
    serviceType: 'repair',
    technician: 'tore',
    parts: [{ unitCost: 5000, quantity: 2, currency: 'NOK' }],
  });
  await order('B', {
    createdAt: '2026-03-10T10:00:00Z',
    status: 'in_progress',
    serviceType: 'maintenance',
    technician: 'tore',
  });
  await order('C', {
    createdAt: '2026-03-01T00:30:00Z', // 01:30 in Oslo on 1 March: inside the month
    status: 'cancelled',
    serviceType: 'repair',
    technician: 'kari',
  });
  await order('D', {
    createdAt: '2026-02-28T22:30:00Z', // 23:30 in Oslo on 28 February: before the month
    status: 'completed',
    completedAt: '2026-03-01T10:30:00Z', // 12 h, completed inside the month
    serviceType: 'warranty',
    technician: 'kari',
    parts: [{ unitCost: 5000, quantity: 1, currency: 'EUR' }],
  });
  await order('E', { createdAt: '2026-03-14T08:00:00Z', status: 'scheduled', serviceType: 'warranty' });
  await order('F', { createdAt: '2025-12-01T08:00:00Z', status: 'on_hold', serviceType: 'repair' });
  await order('G', {
    createdAt: '2026-03-05T12:00:00Z',
    status: 'completed',
    completedAt: '2026-03-05T18:00:00Z', // 6 h
    serviceType: 'repair',
  });
  await completedWorkLog(ids.G!.id, w.partners.nordic, 25_000);
  // Labour on an order that is not completed is not revenue yet.
  await completedWorkLog(ids.B!.id, w.partners.nordic, 7_000);
  // Another partner's orders never count.
  await order(
    'Fjord',
    {
      createdAt: '2026-03-03T09:00:00Z',
      status: 'completed',
      completedAt: '2026-03-03T10:00:00Z',
      serviceType: 'repair',
      parts: [{ unitCost: 99_900, quantity: 1, currency: 'NOK' }],
    },
    w.tokens.fjord,
  );
  w.ctx.clock.now = new Date('2026-03-15T12:00:00Z');
});
afterAll(async () => w.ctx.close());

async function dashboard(period?: string, token = w.tokens.manager, headers: Record<string, string> = {}) {
  const res = await w.api(token, headers).get(`/dashboard${period ? `?period=${period}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

describe('GET /api/dashboard, this month (the default)', () => {
  let d: Dashboard;
  beforeAll(async () => {
    d = await dashboard();
  });

  it('covers the month from Oslo midnight until now', () => {
    expect(d.period).toBe('this_month');
    expect(d.timeZone).toBe('Europe/Oslo');
    expect(d.from).toBe('2026-02-28T23:00:00.000Z');
    expect(d.to).toBe('2026-03-15T12:00:00.000Z');
  });

  it('counts the orders created in the month, and those waiting now', () => {
    expect(d.totalOrders).toBe(5); // A B C E G; D was created on 28 February in Oslo
    expect(d.waitingForService).toBe(2); // E scheduled, F on hold (created long before)
  });

  it('rates completion over the created orders, cancelled left out', () => {
    expect(d.completedOrders).toBe(2); // A, G
    expect(d.countedOrders).toBe(4); // C cancelled
    expect(d.completionRate).toBe(0.5);
  });

  it('averages resolution over the orders completed in the month', () => {
    expect(d.resolvedOrders).toBe(3); // A 48 h, D 12 h, G 6 h
    expect(d.averageResolutionHours).toBe(22);
  });

  it('sums work logs and parts of the orders completed in the month, per currency', () => {
    // A parts 10,000 NOK + G labour 25,000 NOK; D parts 5,000 EUR; B's labour is not revenue yet.
    expect(d.revenue).toEqual([
      { currency: 'NOK', amountMinor: 35_000 },
      { currency: 'EUR', amountMinor: 5_000 },
    ]);
  });

  it('splits the created orders by service type', () => {
    expect(d.serviceTypes).toEqual([
      { serviceType: 'repair', count: 3 },
      { serviceType: 'maintenance', count: 1 },
      { serviceType: 'warranty', count: 1 },
    ]);
  });

  it('draws the trend per Oslo day, by status group', () => {
    expect(d.bucket).toBe('day');
    expect(d.trend).toHaveLength(15);
    expect(d.trend[0]).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-01T23:00:00.000Z',
      total: 1, // C, cancelled: in the total only
      completed: 0,
      inProgress: 0,
      pending: 0,
    });
    const byDay = Object.fromEntries(
      d.trend.map((p) => [p.from.slice(0, 10), [p.total, p.completed, p.inProgress, p.pending]]),
    );
    expect(byDay['2026-03-01']).toEqual([1, 1, 0, 0]); // A, 2 March in Oslo
    expect(byDay['2026-03-04']).toEqual([1, 1, 0, 0]); // G
    expect(byDay['2026-03-09']).toEqual([1, 0, 1, 0]); // B
    expect(byDay['2026-03-13']).toEqual([1, 0, 0, 1]); // E
    expect(d.trend.reduce((n, p) => n + p.total, 0)).toBe(5);
    expect(d.trend.at(-1)?.to).toBe('2026-03-15T12:00:00.000Z');
  });

  it('lists the technicians with their figures and no rating yet', () => {
    const tore = d.technicians.find((t) => t.technicianId === w.technicians.tore);
    const kari = d.technicians.find((t) => t.technicianId === w.technicians.kari);
    expect(tore).toMatchObject({
      assigned: 2,
      completed: 1,
      completionRate: 0.5,
      averageResolutionHours: 48,
      rating: null,
    });
    // C is cancelled (nothing counts); D was completed in the month (12 h) though created before.
    expect(kari).toMatchObject({
      assigned: 1,
      completed: 0,
      completionRate: null,
      averageResolutionHours: 12,
      rating: null,
    });
    // An inactive technician without figures is left out; another partner's never appear.
    expect(d.technicians.some((t) => t.technicianId === w.technicians.inactive)).toBe(false);
    expect(d.technicians.some((t) => t.technicianId === w.technicians.fjord)).toBe(false);
  });
});

describe('GET /api/dashboard, other periods', () => {
  it('the last 30 days start at Oslo midnight 29 days before today', async () => {
    const d = await dashboard('last_30_days');
    expect(d.from).toBe('2026-02-13T23:00:00.000Z');
    expect(d.totalOrders).toBe(6); // D too
    expect(d.completedOrders).toBe(3);
    expect(d.completionRate).toBe(0.6);
    expect(d.trend).toHaveLength(30);
  });

  it('this quarter groups by week from 1 January; this year by month', async () => {
    const q = await dashboard('this_quarter');
    expect(q.from).toBe('2025-12-31T23:00:00.000Z');
    expect(q.bucket).toBe('week');
    expect(q.trend.reduce((n, p) => n + p.total, 0)).toBe(6);
    const y = await dashboard('this_year');
    expect(y.bucket).toBe('month');
    expect(y.trend.map((p) => p.total)).toEqual([0, 1, 5]); // F is from 2025
  });

  it('refuses an unknown period with 400', async () => {
    const res = await w.api(w.tokens.manager).get('/dashboard?period=forever');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('tenancy', () => {
  it("Fjord sees only its own order, never Nordic's", async () => {
    const d = await dashboard(undefined, w.tokens.fjord);
    expect(d.totalOrders).toBe(1);
    expect(d.waitingForService).toBe(0);
    expect(d.revenue).toEqual([{ currency: 'NOK', amountMinor: 99_900 }]);
    expect(d.technicians.every((t) => t.assigned === 0)).toBe(true);
  });

  it('a global administrator names the partner, and gets 400 without one', async () => {
    const d = await dashboard(undefined, w.tokens.admin, actingFor(w.partners.fjord));
    expect(d.totalOrders).toBe(1);
    const res = await w.api(w.tokens.admin).get('/dashboard');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'partner_required' });
  });
});

describe("the figures' links: the order list with the same filters counts the same", () => {
  const total = async (query: string) => {
    const res = await w.api(w.tokens.manager).get(`/service-orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ total: number }>().total;
  };

  it('matches every figure of this month', async () => {
    const d = await dashboard();
    const created = `createdFrom=${d.from}&createdTo=${d.to}`;
    const completed = `completedFrom=${d.from}&completedTo=${d.to}`;
    expect(await total(created)).toBe(d.totalOrders);
    expect(await total(`${created}&status=completed`)).toBe(d.completedOrders);
    expect(await total(`${completed}&status=completed`)).toBe(d.resolvedOrders);
    expect(await total('status=created,scheduled,on_hold,waiting_for_parts')).toBe(d.waitingForService);
    expect(await total(`${created}&serviceType=repair`)).toBe(d.serviceTypes[0]!.count);
    const tore = d.technicians.find((t) => t.technicianId === w.technicians.tore)!;
    expect(await total(`${created}&assignedTechnicianId=${tore.technicianId}`)).toBe(tore.assigned);
    const day = d.trend.find((p) => p.inProgress > 0)!;
    expect(
      await total(
        `createdFrom=${day.from}&createdTo=${day.to}&status=in_progress,waiting_for_parts,ready_for_pickup`,
      ),
    ).toBe(day.inProgress);
    // The text search path applies the same bounds.
    expect(await total(`${created}&search=example.net`)).toBe(d.totalOrders);
  });

  it('refuses a bound that is not an instant with 400', async () => {
    const res = await w.api(w.tokens.manager).get('/service-orders?createdFrom=yesterday');
    expect(res.statusCode).toBe(400);
  });
});
