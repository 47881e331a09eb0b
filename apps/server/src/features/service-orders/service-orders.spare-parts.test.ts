import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder, SparePart } from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let order: ServiceOrder;
beforeAll(async () => {
  w = await createOrdersWorld();
  order = (
    await w.api(w.tokens.manager).post(
      '/service-orders',
      orderInput({
        spareParts: [
          {
            partNumber: 'CIN-HE-230',
            partName: 'Heater element',
            quantity: 1,
            unitCost: 189_000,
            currency: 'NOK',
          },
        ],
      }),
    )
  ).json();
});
afterAll(async () => w.ctx.close());

const tech = () => w.api(w.tokens.tech);
const line = {
  partNumber: 'TC-K-300',
  partName: 'Thermocouple type K',
  quantity: 2,
  unitCost: 34_900,
  currency: 'NOK',
  supplier: 'Elektroimport AS',
  notes: 'Ordered Monday',
};

async function orderNow() {
  return (await tech().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
}

describe('spare-part lines of an order', () => {
  it('lists, adds (at the end), reads, changes and removes lines', async () => {
    const listed = await tech().get(`/service-orders/${order.id}/spare-parts`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<SparePart[]>().map((p) => p.partNumber)).toEqual(['CIN-HE-230']);

    const added = await tech().post(`/service-orders/${order.id}/spare-parts`, line);
    expect(added.statusCode, added.body).toBe(201);
    const part = added.json<SparePart>();
    expect(part).toMatchObject({ ...line, serviceOrderId: order.id, version: 1 });
    expect(
      (await tech().get(`/service-orders/${order.id}/spare-parts`))
        .json<SparePart[]>()
        .map((p) => p.partNumber),
    ).toEqual(['CIN-HE-230', 'TC-K-300']);

    const got = await tech().get(`/service-orders/${order.id}/spare-parts/${part.id}`);
    expect(got.json()).toEqual(part);

    const changed = await tech().put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
      ...line,
      quantity: 3,
      supplier: null,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      quantity: 3,
      supplier: null,
      notes: 'Ordered Monday',
      version: 2,
    });

    const removed = await tech().del(`/service-orders/${order.id}/spare-parts/${part.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await tech().get(`/service-orders/${order.id}/spare-parts/${part.id}`)).statusCode).toBe(404);
    expect((await tech().del(`/service-orders/${order.id}/spare-parts/${part.id}`)).statusCode).toBe(404);
  });

  it("bumps the order's version, so a form open elsewhere cannot silently undo the change", async () => {
    const before = await orderNow();
    await new Promise((r) => setTimeout(r, 5));
    const added = (await tech().post(`/service-orders/${order.id}/spare-parts`, line)).json<SparePart>();
    const afterAdd = await orderNow();
    expect(afterAdd.version).toBe(before.version + 1);
    expect(new Date(afterAdd.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    await new Promise((r) => setTimeout(r, 5));
    await tech().del(`/service-orders/${order.id}/spare-parts/${added.id}`);
    const afterRemove = await orderNow();
    expect(afterRemove.version).toBe(afterAdd.version + 1);
    expect(new Date(afterRemove.updatedAt).getTime()).toBeGreaterThan(new Date(afterAdd.updatedAt).getTime());
    // A form still holding the version it read gets a conflict instead of overwriting the lines.
    const stale = await tech().put(`/service-orders/${order.id}`, {
      version: before.version,
      spareParts: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const saved = await tech().put(`/service-orders/${order.id}`, {
      version: afterRemove.version,
      description: 'Autosaved',
    });
    expect(saved.statusCode).toBe(200);
    order = saved.json();
  });

  it('refuses a stale line version with 409 and changes nothing', async () => {
    const part = (await tech().post(`/service-orders/${order.id}/spare-parts`, line)).json<SparePart>();
    await tech().put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
      ...line,
      quantity: 5,
      version: 1,
    });
    const stale = await tech().put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
      ...line,
      quantity: 9,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    expect((await tech().get(`/service-orders/${order.id}/spare-parts/${part.id}`)).json()).toMatchObject({
      quantity: 5,
      version: 2,
    });
  });

  it("PUT with the order's whole list keeps line ids: changed in place, added, removed, reordered", async () => {
    const start = await orderNow();
    const [first] = start.spareParts;
    const second = (await tech().post(`/service-orders/${order.id}/spare-parts`, line)).json<SparePart>();
    const third = (
      await tech().post(`/service-orders/${order.id}/spare-parts`, { ...line, partNumber: 'GONE-1' })
    ).json<SparePart>();
    const read = await orderNow();
    const res = await tech().put(`/service-orders/${order.id}`, {
      version: read.version,
      spareParts: [
        // Moved to the end, unchanged.
        { ...line, id: second.id },
        // A new line in the middle.
        { partNumber: 'NEW-1', partName: 'Gasket', quantity: 4, unitCost: 1_250, currency: 'NOK' },
        // The first line, changed (and now last); the third is left out.
        {
          partNumber: first!.partNumber,
          partName: first!.partName,
          quantity: 7,
          unitCost: first!.unitCost,
          currency: first!.currency,
          id: first!.id,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<ServiceOrder>().spareParts;
    expect(saved.map((p) => p.partNumber)).toEqual(['TC-K-300', 'NEW-1', first!.partNumber]);
    expect(saved[0]).toMatchObject({ id: second.id, version: second.version });
    expect(saved[2]).toMatchObject({ id: first!.id, quantity: 7, version: first!.version + 1 });
    expect([first!.id, second.id, third.id]).not.toContain(saved[1]!.id);
    expect((await tech().get(`/service-orders/${order.id}/spare-parts/${third.id}`)).statusCode).toBe(404);
    // The same list again changes no line.
    const again = await tech().put(`/service-orders/${order.id}`, {
      version: res.json<ServiceOrder>().version,
      spareParts: saved.map(
        ({ id, partNumber, partName, quantity, unitCost, currency, supplier, notes }) => ({
          id,
          partNumber,
          partName,
          quantity,
          unitCost,
          currency,
          supplier,
          notes,
        }),
      ),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ServiceOrder>().spareParts).toEqual(saved);
    order = again.json();
  });

  it('a line edit and an order PUT read at the same time do not lose each other silently', async () => {
    const read = await orderNow();
    const part = read.spareParts[0]!;
    const lineBody = {
      partNumber: part.partNumber,
      partName: part.partName,
      quantity: part.quantity,
      unitCost: part.unitCost,
      currency: part.currency,
      supplier: part.supplier,
      notes: part.notes,
    };
    // The line edit lands first: the form's PUT with the version it read is refused.
    const edited = await tech().put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
      ...lineBody,
      quantity: 11,
      version: part.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await tech().put(`/service-orders/${order.id}`, {
      version: read.version,
      spareParts: [{ ...lineBody, id: part.id, quantity: 12 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    expect((await tech().get(`/service-orders/${order.id}/spare-parts/${part.id}`)).json()).toMatchObject({
      quantity: 11,
    });

    // The order PUT lands first: the line edit with the line version it read is refused.
    const fresh = await orderNow();
    const freshLine = fresh.spareParts.find((p) => p.id === part.id)!;
    const put = await tech().put(`/service-orders/${order.id}`, {
      version: fresh.version,
      spareParts: fresh.spareParts.map((p) => ({
        id: p.id,
        partNumber: p.partNumber,
        partName: p.partName,
        quantity: p.id === part.id ? 13 : p.quantity,
        unitCost: p.unitCost,
        currency: p.currency,
      })),
    });
    expect(put.statusCode, put.body).toBe(200);
    const late = await tech().put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
      ...lineBody,
      quantity: 14,
      version: freshLine.version,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('version_conflict');
    const after = (await tech().get(`/service-orders/${order.id}/spare-parts/${part.id}`)).json<SparePart>();
    expect(after).toMatchObject({ id: part.id, quantity: 13, version: freshLine.version + 1 });

    // Sent together, one of them wins and the other is told.
    const both = await orderNow();
    const target = both.spareParts.find((p) => p.id === part.id)!;
    const [viaLine, viaOrder] = await Promise.all([
      tech().put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
        ...lineBody,
        quantity: 21,
        version: target.version,
      }),
      tech().put(`/service-orders/${order.id}`, {
        version: both.version,
        spareParts: [{ ...lineBody, id: part.id, quantity: 22 }],
      }),
    ]);
    expect([viaLine.statusCode, viaOrder.statusCode].sort()).toEqual([200, 409]);
    const final = (await tech().get(`/service-orders/${order.id}/spare-parts/${part.id}`)).json<SparePart>();
    expect(final.quantity).toBe(viaLine.statusCode === 200 ? 21 : 22);
    order = await orderNow();
  });

  it("a line id the order does not have (removed meanwhile, or another order's) is added as a new line", async () => {
    const other = (
      await tech().post(
        '/service-orders',
        orderInput({
          spareParts: [
            { partNumber: 'OTHER-1', partName: 'Other', quantity: 1, unitCost: 1, currency: 'NOK' },
          ],
        }),
      )
    ).json<ServiceOrder>();
    const foreign = other.spareParts[0]!;
    const read = await orderNow();
    const res = await tech().put(`/service-orders/${order.id}`, {
      version: read.version,
      spareParts: [
        { partNumber: 'X-1', partName: 'Copied', quantity: 1, unitCost: 5, currency: 'NOK', id: foreign.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [added] = res.json<ServiceOrder>().spareParts;
    expect(added!.id).not.toBe(foreign.id);
    expect(added).toMatchObject({ partNumber: 'X-1', serviceOrderId: order.id, version: 1 });
    // The other order's line is untouched.
    expect((await tech().get(`/service-orders/${other.id}`)).json<ServiceOrder>().spareParts).toEqual(
      other.spareParts,
    );
    order = res.json();
  });

  it('validates lines with the spec messages', async () => {
    const res = await tech().post(`/service-orders/${order.id}/spare-parts`, {
      partNumber: ' ',
      partName: '',
      quantity: -1,
      unitCost: -1,
      currency: 'SEK',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'partNumber', message: M.partNumberRequired },
        { path: 'partName', message: M.partNameRequired },
        { path: 'quantity', message: M.quantityPositive },
        { path: 'unitCost', message: M.unitCostNegative },
        expect.objectContaining({ path: 'currency' }),
      ]),
    );
    const noVersion = await tech().put(
      `/service-orders/${order.id}/spare-parts/${order.spareParts[0]!.id}`,
      line,
    );
    expect(noVersion.statusCode).toBe(400);
  });

  it('answers 404 for a line of another order, and for an unknown order', async () => {
    const other = (await tech().post('/service-orders', orderInput())).json<ServiceOrder>();
    const partOfFirst = (await tech().get(`/service-orders/${order.id}/spare-parts`)).json<SparePart[]>()[0]!;
    expect((await tech().get(`/service-orders/${other.id}/spare-parts/${partOfFirst.id}`)).statusCode).toBe(
      404,
    );
    expect((await tech().del(`/service-orders/${other.id}/spare-parts/${partOfFirst.id}`)).statusCode).toBe(
      404,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await tech().get(`/service-orders/${unknown}/spare-parts`)).statusCode).toBe(404);
    expect((await tech().post(`/service-orders/${unknown}/spare-parts`, line)).statusCode).toBe(404);
  });
});
