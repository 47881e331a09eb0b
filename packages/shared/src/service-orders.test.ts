import { describe, expect, it } from 'vitest';
import {
  checkTransition,
  commonNextStatuses,
  formatOrderNumber,
  isScheduledDateAllowed,
  nextStatuses,
  OPEN_STATUSES,
  SERVICE_ORDER_STATUSES,
  serviceOrderUpdateSchema,
  WAITING_STATUSES,
  type ServiceOrderStatus,
} from './service-orders.ts';

const admin = { roles: ['Administrator'] as const, isGlobalAdmin: false };
const manager = { roles: ['ServiceManager'] as const, isGlobalAdmin: false };
const tech = { roles: [] as const, isGlobalAdmin: false };

// product.md's table, written out again so that a change to the rule has to change this too.
const ALLOWED: Record<ServiceOrderStatus, ServiceOrderStatus[]> = {
  created: ['scheduled', 'in_progress', 'on_hold', 'cancelled'],
  scheduled: ['in_progress', 'on_hold', 'cancelled'],
  in_progress: ['waiting_for_parts', 'ready_for_pickup', 'completed', 'on_hold', 'cancelled'],
  waiting_for_parts: ['in_progress', 'on_hold', 'cancelled'],
  ready_for_pickup: ['completed', 'in_progress'],
  on_hold: ['created', 'scheduled', 'in_progress', 'cancelled'],
  completed: ['in_progress'],
  cancelled: ['created'],
};

describe('checkTransition', () => {
  it('allows exactly the moves of the table, for a manager', () => {
    for (const from of SERVICE_ORDER_STATUSES) {
      for (const to of SERVICE_ORDER_STATUSES) {
        const expected = ALLOWED[from].includes(to);
        expect(checkTransition(from, to, manager), `${from} → ${to}`).toEqual(
          expected ? { ok: true } : { ok: false, reason: 'not_allowed' },
        );
      }
    }
  });

  it('refuses staying in the same status as a transition', () => {
    for (const s of SERVICE_ORDER_STATUSES) expect(checkTransition(s, s, admin).ok).toBe(false);
  });

  it('lets only Administrators and ServiceManagers reopen a completed or cancelled order', () => {
    expect(checkTransition('completed', 'in_progress', tech)).toEqual({
      ok: false,
      reason: 'reopen_requires_manager',
    });
    expect(checkTransition('cancelled', 'created', tech)).toEqual({
      ok: false,
      reason: 'reopen_requires_manager',
    });
    expect(checkTransition('completed', 'in_progress', admin)).toEqual({ ok: true });
    expect(checkTransition('cancelled', 'created', manager)).toEqual({ ok: true });
    // A move the table refuses is refused as such, whoever asks.
    expect(checkTransition('completed', 'cancelled', tech)).toEqual({ ok: false, reason: 'not_allowed' });
  });

  it('lets anyone make the other moves', () => {
    expect(checkTransition('in_progress', 'completed', tech)).toEqual({ ok: true });
    expect(checkTransition('on_hold', 'created', tech)).toEqual({ ok: true });
  });
});

describe('nextStatuses', () => {
  it('is the table for a manager and leaves reopening out for others', () => {
    for (const from of SERVICE_ORDER_STATUSES) expect(nextStatuses(from, manager)).toEqual(ALLOWED[from]);
    expect(nextStatuses('completed', tech)).toEqual([]);
    expect(nextStatuses('cancelled', tech)).toEqual([]);
    expect(nextStatuses('in_progress', tech)).toEqual(ALLOWED.in_progress);
  });
});

describe('commonNextStatuses (bulk status change)', () => {
  it('offers only the statuses every selected order may take', () => {
    expect(commonNextStatuses(['created', 'scheduled'], manager)).toEqual([
      'in_progress',
      'cancelled',
      'on_hold',
    ]);
    expect(commonNextStatuses(['in_progress'], tech)).toEqual(
      nextStatuses('in_progress', tech).sort(byOrder),
    );
    expect(commonNextStatuses(['completed', 'cancelled'], manager)).toEqual([]);
    expect(commonNextStatuses(['completed', 'in_progress'], tech)).toEqual([]);
    expect(commonNextStatuses([], manager)).toEqual([]);
  });

  it('agrees with checkTransition for every pair', () => {
    for (const a of SERVICE_ORDER_STATUSES)
      for (const b of SERVICE_ORDER_STATUSES)
        for (const to of commonNextStatuses([a, b], admin)) {
          expect(checkTransition(a, to, admin).ok).toBe(true);
          expect(checkTransition(b, to, admin).ok).toBe(true);
        }
  });
});

const byOrder = (x: ServiceOrderStatus, y: ServiceOrderStatus) =>
  SERVICE_ORDER_STATUSES.indexOf(x) - SERVICE_ORDER_STATUSES.indexOf(y);

describe('status groups', () => {
  it('counts every status but completed and cancelled as open', () => {
    expect([...OPEN_STATUSES].sort()).toEqual(
      SERVICE_ORDER_STATUSES.filter((s) => s !== 'completed' && s !== 'cancelled').sort(),
    );
  });
  it('counts only open statuses as waiting for service', () => {
    for (const s of WAITING_STATUSES) expect(OPEN_STATUSES).toContain(s);
  });
});

describe('formatOrderNumber', () => {
  it('pads the sequence to six digits and keeps longer ones whole', () => {
    expect(formatOrderNumber(2026, 1)).toBe('SO-2026-000001');
    expect(formatOrderNumber(2026, 123456)).toBe('SO-2026-123456');
    expect(formatOrderNumber(2027, 1234567)).toBe('SO-2027-1234567');
  });
});

describe('isScheduledDateAllowed', () => {
  const today = '2026-11-24';
  it('allows no date, today and later', () => {
    expect(isScheduledDateAllowed(null, null, today)).toBe(true);
    expect(isScheduledDateAllowed(today, null, today)).toBe(true);
    expect(isScheduledDateAllowed('2026-12-01', '2026-01-01', today)).toBe(true);
  });
  it('refuses a new or changed date in the past, but lets a stored one stay', () => {
    expect(isScheduledDateAllowed('2026-11-23', null, today)).toBe(false);
    expect(isScheduledDateAllowed('2026-11-20', '2026-11-21', today)).toBe(false);
    expect(isScheduledDateAllowed('2026-11-20', '2026-11-20', today)).toBe(true);
  });
});

describe('serviceOrderUpdateSchema spareParts', () => {
  const line = { partNumber: 'P-1', partName: 'Part', quantity: 1, unitCost: 100, currency: 'NOK' };
  it('takes lines with and without an id', () => {
    const parsed = serviceOrderUpdateSchema.parse({
      version: 1,
      spareParts: [{ ...line, id: '11111111-1111-4111-8111-111111111111' }, line],
    });
    expect(parsed.spareParts?.map((l) => l.id)).toEqual(['11111111-1111-4111-8111-111111111111', undefined]);
  });
  it('refuses an id that is not a uuid', () => {
    const result = serviceOrderUpdateSchema.safeParse({ version: 1, spareParts: [{ ...line, id: 'x' }] });
    expect(result.success).toBe(false);
  });
});
