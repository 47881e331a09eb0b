import { describe, expect, it } from 'vitest';
import { Outbox, memoryStore } from './outbox.ts';
import {
  addPartOp,
  changePartOp,
  orderNotesOp,
  queuedParts,
  removePartOp,
  waitingLineIds,
} from './phone-parts.ts';

const order = { id: 'o-1', orderNumber: 'SO-1', version: 4, currency: 'NOK' as const };
const line = {
  id: 'l-1',
  partNumber: 'P-1',
  partName: 'Seal',
  quantity: 1,
  unitCost: 500,
  currency: 'EUR' as const,
  supplier: 'Acme',
  notes: null,
  version: 2,
};

describe('parts and notes as outbox ops', () => {
  it('adds a line without cost in the order currency, trimmed', () => {
    const op = addPartOp(order, { partNumber: ' P-9 ', partName: ' Fan ', quantity: 2 });
    expect(op).toMatchObject({
      scope: 'o-1',
      method: 'POST',
      path: '/service-orders/o-1/spare-parts',
      body: { partNumber: 'P-9', partName: 'Fan', quantity: 2, unitCost: 0, currency: 'NOK' },
    });
  });

  it("changes a line's quantity with the whole line and the line's version, keeping its cost", () => {
    expect(changePartOp(order, line, 5)).toMatchObject({
      method: 'PUT',
      path: '/service-orders/o-1/spare-parts/l-1',
      body: { partNumber: 'P-1', quantity: 5, unitCost: 500, currency: 'EUR', supplier: 'Acme', version: 2 },
    });
    expect(removePartOp(order, line)).toMatchObject({
      method: 'DELETE',
      path: '/service-orders/o-1/spare-parts/l-1',
    });
  });

  it("sends the serial number and notes with the order's version", () => {
    expect(orderNotesOp(order, { serialNumber: ' SN-1 ', internalNotes: 'Gate 4411 ' })).toMatchObject({
      method: 'PUT',
      path: '/service-orders/o-1',
      body: { serialNumber: 'SN-1', internalNotes: 'Gate 4411', version: 4 },
    });
  });

  it('lists the parts still waiting and the lines whose change waits', async () => {
    const box = new Outbox(memoryStore());
    await box.enqueue(addPartOp(order, { partNumber: 'P-9', partName: 'Fan', quantity: 2 }));
    await box.enqueue(changePartOp(order, line, 3));
    await box.enqueue(
      addPartOp({ ...order, id: 'o-2' }, { partNumber: 'X', partName: 'Other', quantity: 1 }),
    );
    expect(queuedParts(box.ops(), 'o-1')).toEqual([
      { opId: expect.any(String), partNumber: 'P-9', partName: 'Fan', quantity: 2, refused: false },
    ]);
    expect([...waitingLineIds(box.ops(), 'o-1')]).toEqual(['l-1']);
    expect([...waitingLineIds(box.ops(), 'o-2')]).toEqual([]);
  });
});
