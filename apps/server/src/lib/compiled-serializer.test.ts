import { describe, expect, it } from 'vitest';
import { boardSchema, type Board } from '@service-portal/shared/schedule';
import { compiledSerializer, serializerJsonSchema } from './compiled-serializer.ts';

const TECH = '0b6f4a52-3c1e-4f57-9a53-2f1c8c0d9e11';
function board(): Board {
  return {
    from: '2026-11-30',
    to: '2026-12-13',
    timeZone: 'Europe/Oslo',
    days: [
      { date: '2026-11-30', isWorkingDay: true },
      { date: '2026-12-05', isWorkingDay: false },
    ],
    technicians: [
      {
        id: TECH,
        fullName: 'Kari «K» Haugen "\\ Ø',
        isActive: true,
        cells: [
          {
            date: '2026-11-30',
            off: false,
            offReason: null,
            availableMinutes: 480,
            bookedMinutes: 510,
            overbooked: true,
          },
          {
            date: '2026-12-05',
            off: true,
            offReason: 'Kurs\n«gass»',
            availableMinutes: 0,
            bookedMinutes: 0,
            overbooked: false,
          },
        ],
      },
    ],
    orders: [
      {
        id: '5d1c7f0e-8a4b-4c4e-9d1f-3b2a1c0d9e8f',
        orderNumber: 'SO-2026-000001',
        title: 'Brenner </script> stopper',
        priority: 'critical',
        serviceType: 'repair',
        status: 'scheduled',
        customerName: 'Per Ås',
        customerAddress: null,
        postcode: null,
        createdAt: '2026-11-20T08:00:00.000Z',
        technicianId: TECH,
        date: '2026-11-30',
        start: null,
        durationMinutes: null,
        durationIsDefault: false,
        version: 7,
      },
      {
        id: '6e2d8f1a-9b5c-4d5f-8e2a-4c3b2d1e0f9a',
        orderNumber: 'SO-2026-000002',
        title: 'Service',
        priority: 'low',
        serviceType: 'maintenance',
        status: 'in_progress',
        customerName: 'Eva',
        customerAddress: 'Gate 1, 0150 Oslo',
        postcode: '0150',
        createdAt: '2026-11-21T09:30:00.000Z',
        technicianId: TECH,
        date: '2026-11-30',
        start: '08:30',
        durationMinutes: 90,
        durationIsDefault: true,
        version: 1,
      },
    ],
    cursor: 'abc_DEF-123',
  };
}

describe('compiled serializer (decision 075)', () => {
  it('writes the board exactly as JSON.stringify of its zod output, nulls and escapes included', () => {
    for (const check of [true, false]) {
      const write = compiledSerializer(boardSchema, { check });
      const value = board();
      expect(write(value)).toBe(JSON.stringify(boardSchema.parse(value)));
      expect(JSON.parse(write(value))).toEqual(value);
    }
  });

  it('writes only the fields the schema names, as zod strips the others', () => {
    const value = { ...board(), secret: 'no' } as Board & { secret: string };
    value.orders[0] = { ...value.orders[0]!, internalNotes: 'no' } as Board['orders'][number];
    const text = compiledSerializer(boardSchema, { check: false })(value);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('internalNotes');
    expect(text).toBe(JSON.stringify(boardSchema.parse(value)));
  });

  it('still checks the answer against its schema outside production, and refuses a wrong one', () => {
    const wrong = { ...board(), orders: [{ ...board().orders[0]!, version: 'seven' }] };
    expect(() => compiledSerializer(boardSchema, { check: true })(wrong)).toThrow(
      /does not match its schema/,
    );
  });

  it('turns zod nullables into a type list, so no value is tested against two branches', () => {
    const json = JSON.stringify(serializerJsonSchema(boardSchema));
    expect(json).not.toContain('anyOf');
    expect(json).toContain('"type":["string","null"]');
  });
});
