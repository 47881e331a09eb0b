import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { SerialHistory } from '@service-portal/shared/serial-history';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

describe('service history by serial number', () => {
  let world: OrdersWorld;
  let order: ServiceOrder;

  beforeAll(async () => {
    world = await createOrdersWorld();
    const { manager, fjord } = world.tokens;
    const api = world.api(manager);
    order = (
      await api.post('/service-orders', orderInput({ serialNumber: 'CT-1042-B', title: 'No heat' }))
    ).json<ServiceOrder>();
    await api.post('/service-orders', orderInput({ serialNumber: 'OTHER-1' }));
    const second = (
      await api.post('/service-orders', orderInput({ serialNumber: ' ct-1042-b ', title: 'Yearly check' }))
    ).json<ServiceOrder>();
    const moved = await api.put(`/service-orders/${second.id}`, {
      version: second.version,
      status: 'scheduled',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const part = await api.post(`/service-orders/${order.id}/spare-parts`, {
      partNumber: 'CIN-HE-230',
      partName: 'Heating element',
      quantity: 1,
      unitCost: 45000,
      currency: 'NOK',
    });
    expect(part.statusCode, part.body).toBe(201);
    const log = await api.post(`/service-orders/${order.id}/work-logs`, {
      category: 'service_log',
      description: 'Replaced the element',
    });
    expect(log.statusCode, log.body).toBe(201);
    // Another partner's unit with the same serial stays theirs.
    await world
      .api(fjord)
      .post('/service-orders', orderInput({ serialNumber: 'CT-1042-B', title: 'Fjord order' }));
  }, 60_000);
  afterAll(async () => world?.ctx.close());

  it('gathers orders, status changes, parts and work logs of the unit, newest first, within the partner', async () => {
    const res = await world.api(world.tokens.tech).get('/serial-history/CT-1042-B');
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json<SerialHistory>();
    const kinds = history.events.map((e) => `${e.kind}:${e.title}`).sort();
    expect(kinds).toEqual(
      [
        'order_created:No heat',
        'order_created:Yearly check',
        'spare_part:Heating element',
        'status_changed:scheduled',
        'work_log:service_log',
      ].sort(),
    );
    expect(history.events.every((e, i, all) => i === 0 || all[i - 1]!.at >= e.at)).toBe(true);
    expect(history.events.find((e) => e.kind === 'spare_part')).toMatchObject({
      serviceOrderId: order.id,
      orderNumber: order.orderNumber,
      detail: 'CIN-HE-230 × 1',
    });

    const theirs = (
      await world.api(world.tokens.fjord).get('/serial-history/CT-1042-B')
    ).json<SerialHistory>();
    expect(theirs.events.map((e) => e.title)).toEqual(['Fjord order']);
    const none = (await world.api(world.tokens.tech).get('/serial-history/UNKNOWN')).json<SerialHistory>();
    expect(none.events).toEqual([]);
    expect((await world.api(world.tokens.tech).get('/serial-history/%20%20')).statusCode).toBe(400);
  });
});
