import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DefaultDurations } from './pricing.ts';
import {
  availableMinutes,
  bookedMinutes,
  compareMyDay,
  compareUnscheduled,
  effectiveDuration,
  isOverbooked,
  maySchedule,
  mayUnschedule,
  LAST_POSTCODE_PATTERN,
  postcodeOf,
  SCHEDULABLE_STATUSES,
  statusAfterScheduling,
  weekdayIndex,
  isPartnerWorkingDay,
  partnerWorkingDaysSchema,
  DEFAULT_PARTNER_WORKING_DAYS,
  type MayScheduleInput,
  assignmentInputSchema,
  boardQuerySchema,
} from './schedule.ts';
import {
  checkTransition,
  PRIORITIES,
  SERVICE_ORDER_STATUSES,
  SERVICE_TYPES,
  type ServiceOrderStatus,
} from './service-orders.ts';
import {
  DEFAULT_WORKING_HOURS,
  minutesOfDay,
  timeOfDay,
  workingHoursSchema,
  type WorkingHours,
} from './technicians.ts';
import { addDays } from './zoned-days.ts';

const manager = { roles: ['ServiceManager'] as const, isGlobalAdmin: false };
const NO_DEFAULTS: DefaultDurations = { repair: null, maintenance: null, warranty: null };
const DEFAULTS: DefaultDurations = { repair: 90, maintenance: 60, warranty: null };

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));
const workingDay = fc
  .tuple(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 1, max: 1439 }))
  .filter(([a, b]) => b > a)
  .map(([a, b]) => ({ start: timeOfDay(a), end: timeOfDay(b) }));
const hours: fc.Arbitrary<WorkingHours> = fc.array(fc.option(workingDay, { nil: null }), {
  minLength: 7,
  maxLength: 7,
});
const status = fc.constantFrom(...SERVICE_ORDER_STATUSES);
const serviceType = fc.constantFrom(...SERVICE_TYPES);
const duration = fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null });
const defaults: fc.Arbitrary<DefaultDurations> = fc.record({
  repair: duration,
  maintenance: duration,
  warranty: duration,
});

describe('weekdayIndex', () => {
  it('counts Monday as 0 and Sunday as 6', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-29')).toBe(6);
    expect(weekdayIndex('1999-12-31')).toBe(4); // a Friday
  });
  it('moves one weekday per day', () => {
    fc.assert(fc.property(day, (d) => weekdayIndex(addDays(d, 1)) === (weekdayIndex(d) + 1) % 7));
  });
});

describe('availableMinutes', () => {
  it('is the weekday hours on a working day, 0 at the weekend by default', () => {
    expect(availableMinutes({ date: '2026-11-23', workingHours: DEFAULT_WORKING_HOURS, dayOff: false })).toBe(
      480,
    );
    expect(availableMinutes({ date: '2026-11-28', workingHours: DEFAULT_WORKING_HOURS, dayOff: false })).toBe(
      0,
    );
  });

  it('is 0 on a day off, on a weekday without hours, or a day the partner does not work', () => {
    fc.assert(
      fc.property(hours, day, fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }), (h, d, flags) => {
        const partner = flags as unknown as readonly [
          boolean,
          boolean,
          boolean,
          boolean,
          boolean,
          boolean,
          boolean,
        ];
        const w = weekdayIndex(d);
        const minutes = availableMinutes({
          date: d,
          workingHours: h,
          dayOff: false,
          partnerWorkingDays: partner,
        });
        const own = h[w];
        const expected = own && partner[w] ? minutesOfDay(own.end) - minutesOfDay(own.start) : 0;
        expect(minutes).toBe(expected);
        expect(minutes).toBeGreaterThanOrEqual(0);
        expect(minutes).toBeLessThan(24 * 60);
        expect(
          availableMinutes({ date: d, workingHours: h, dayOff: true, partnerWorkingDays: partner }),
        ).toBe(0);
      }),
    );
  });
});

describe('effectiveDuration', () => {
  it('takes the own estimate first, then the default, else nothing (never zero)', () => {
    fc.assert(
      fc.property(duration, serviceType, defaults, (own, type, defs) => {
        const d = effectiveDuration({ estimatedMinutes: own, serviceType: type }, defs);
        if (own !== null) expect(d).toEqual({ minutes: own, isDefault: false });
        else if (defs[type] !== null) expect(d).toEqual({ minutes: defs[type], isDefault: true });
        else expect(d).toBeNull();
        if (d) expect(d.minutes).toBeGreaterThan(0);
      }),
    );
  });
});

describe('bookedMinutes and isOverbooked', () => {
  it('sums durations; overbooked exactly when booked exceeds available', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 1439 }),
        (ds, available) => {
          const booked = bookedMinutes(ds.map((m) => ({ durationMinutes: m })));
          expect(booked).toBe(ds.reduce((a, b) => a + b, 0));
          expect(isOverbooked(booked, available)).toBe(booked > available);
          // Adding an order never makes a cell less booked.
          expect(bookedMinutes([...ds, 30].map((m) => ({ durationMinutes: m })))).toBeGreaterThan(booked);
        },
      ),
    );
  });
  it('marks any work on a day without hours as overbooked', () => {
    expect(isOverbooked(30, 0)).toBe(true);
    expect(isOverbooked(0, 0)).toBe(false);
  });
});

describe('maySchedule', () => {
  const base: MayScheduleInput = {
    order: { status: 'created', version: 3, estimatedMinutes: 60, serviceType: 'repair' },
    expectedVersion: 3,
    technician: { isActive: true, workingHours: DEFAULT_WORKING_HOURS },
    date: '2026-11-23',
    dayOff: false,
    defaultDurations: NO_DEFAULTS,
  };

  it('accepts a created order for an active working technician and schedules it', () => {
    expect(maySchedule(base)).toEqual({
      ok: true,
      status: 'scheduled',
      durationMinutes: 60,
      durationIsDefault: false,
    });
  });

  it('gives each refusal its code', () => {
    expect(maySchedule({ ...base, expectedVersion: 2 })).toEqual({ ok: false, reason: 'version_conflict' });
    expect(maySchedule({ ...base, order: { ...base.order, status: 'completed' } })).toEqual({
      ok: false,
      reason: 'status_not_schedulable',
    });
    expect(maySchedule({ ...base, technician: { ...base.technician, isActive: false } })).toEqual({
      ok: false,
      reason: 'technician_inactive',
    });
    expect(maySchedule({ ...base, dayOff: true })).toEqual({ ok: false, reason: 'technician_off' });
    // A Sunday: the partner (Monday to Friday by default) is closed before the technician is asked.
    expect(maySchedule({ ...base, date: '2026-11-29' })).toEqual({ ok: false, reason: 'partner_closed' });
    expect(maySchedule({ ...base, order: { ...base.order, estimatedMinutes: null } })).toEqual({
      ok: false,
      reason: 'duration_required',
    });
    expect(
      maySchedule({ ...base, order: { ...base.order, estimatedMinutes: null }, defaultDurations: DEFAULTS }),
    ).toEqual({ ok: true, status: 'scheduled', durationMinutes: 90, durationIsDefault: true });
  });

  it('accepts exactly when every condition holds, and the status it gives is a legal one', () => {
    fc.assert(
      fc.property(
        status,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        duration,
        serviceType,
        defaults,
        fc.boolean(),
        hours,
        day,
        fc.boolean(),
        (st, version, expected, own, type, defs, active, h, d, off) => {
          const result = maySchedule({
            order: { status: st, version, estimatedMinutes: own, serviceType: type },
            expectedVersion: expected,
            technician: { isActive: active, workingHours: h },
            date: d,
            dayOff: off,
            defaultDurations: defs,
          });
          const working = availableMinutes({ date: d, workingHours: h, dayOff: off }) > 0;
          const hasDuration = own !== null || defs[type] !== null;
          const allOk =
            version === expected && SCHEDULABLE_STATUSES.includes(st) && active && working && hasDuration;
          expect(result.ok).toBe(allOk);
          if (result.ok) {
            expect(result.durationMinutes).toBeGreaterThan(0);
            if (result.status !== st)
              expect(checkTransition(st, result.status, manager)).toEqual({ ok: true });
          } else if (version !== expected) {
            expect(result.reason).toBe('version_conflict');
          }
        },
      ),
    );
  });

  it("refuses the partner's closed weekdays and only those, whatever the technician's hours", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }).filter((f) => f.some(Boolean)),
        hours,
        day,
        fc.boolean(),
        (flags, h, d, off) => {
          const partner = partnerWorkingDaysSchema.parse(flags);
          const result = maySchedule({
            ...base,
            technician: { isActive: true, workingHours: h },
            date: d,
            dayOff: off,
            partnerWorkingDays: partner,
          });
          const open = isPartnerWorkingDay(d, partner);
          expect(open).toBe(flags[weekdayIndex(d)]);
          if (!open) expect(result).toEqual({ ok: false, reason: 'partner_closed' });
          else {
            const works = !off && h[weekdayIndex(d)] != null;
            expect(result.ok).toBe(works);
            if (!result.ok) expect(result.reason).toBe('technician_off');
          }
          // A closed weekday never has hours to book, so the board shows its cells closed.
          if (!open)
            expect(
              availableMinutes({ date: d, workingHours: h, dayOff: off, partnerWorkingDays: partner }),
            ).toBe(0);
        },
      ),
    );
  });

  it('keeps a status the rules cannot move to scheduled', () => {
    for (const s of SCHEDULABLE_STATUSES) {
      const next = statusAfterScheduling(s);
      expect(next === s || checkTransition(s, next, manager).ok).toBe(true);
    }
  });
});

describe('partnerWorkingDaysSchema', () => {
  it('takes seven flags with at least one working day; Monday to Friday by default', () => {
    expect(DEFAULT_PARTNER_WORKING_DAYS).toEqual([true, true, true, true, true, false, false]);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 0, maxLength: 9 }), (flags) => {
        const parsed = partnerWorkingDaysSchema.safeParse(flags);
        expect(parsed.success).toBe(flags.length === 7 && flags.some(Boolean));
      }),
    );
    expect(partnerWorkingDaysSchema.safeParse(Array(7).fill(false)).error?.issues[0]?.message).toBe(
      'Choose at least one working day',
    );
    expect(partnerWorkingDaysSchema.safeParse(['yes', 1, 0, 0, 0, 0, 0]).success).toBe(false);
  });
});

describe('mayUnschedule', () => {
  it('refuses a stale version and unschedulable statuses; scheduled goes back to created', () => {
    expect(mayUnschedule({ status: 'scheduled', version: 2 }, 1)).toEqual({
      ok: false,
      reason: 'version_conflict',
    });
    expect(mayUnschedule({ status: 'in_progress', version: 2 }, 2)).toEqual({
      ok: false,
      reason: 'status_not_schedulable',
    });
    expect(mayUnschedule({ status: 'scheduled', version: 2 }, 2)).toEqual({ ok: true, status: 'created' });
    expect(mayUnschedule({ status: 'on_hold', version: 2 }, 2)).toEqual({ ok: true, status: 'on_hold' });
  });
});

describe('compareUnscheduled', () => {
  const card = fc.record({
    priority: fc.constantFrom(...PRIORITIES),
    createdAt: fc
      .integer({ min: 0, max: 10_000_000 })
      .map((s) => new Date(1_700_000_000_000 + s * 1000).toISOString()),
    id: fc.uuid(),
  });
  it('puts the most urgent first, then the oldest, and is a total order', () => {
    fc.assert(
      fc.property(fc.array(card, { maxLength: 40 }), (cards) => {
        const sorted = [...cards].sort(compareUnscheduled);
        const rank = { critical: 0, high: 1, normal: 2, low: 3 } as const;
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!;
          const b = sorted[i]!;
          expect(rank[a.priority]).toBeLessThanOrEqual(rank[b.priority]);
          if (a.priority === b.priority) expect(a.createdAt <= b.createdAt).toBe(true);
        }
        // Sorting twice, or from reversed input, gives the same order (ties broken by id).
        expect([...cards].reverse().sort(compareUnscheduled)).toEqual(sorted);
      }),
    );
  });
});

describe('LAST_POSTCODE_PATTERN (the filter in SQL)', () => {
  it('finds what postcodeOf finds, in one match, for any address', () => {
    const last = new RegExp(LAST_POSTCODE_PATTERN);
    const part = fc.oneof(
      fc.constantFrom('Storgata', 'Calle', 'Oslo', ',', ' ', '\n', '-', '+47', 'Madrid'),
      fc.integer({ min: 0, max: 999_999 }).map(String),
      fc.stringMatching(/^[0-9]{4,5}$/),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        const address = parts.join(' ');
        expect(address.match(last)?.[0] ?? null).toBe(postcodeOf(address));
      }),
    );
  });
});

describe('postcodeOf', () => {
  it('finds the 4- or 5-digit postcode after the street', () => {
    expect(postcodeOf('Storgata 12, 0155 Oslo')).toBe('0155');
    expect(postcodeOf('Calle Mayor 5, 28013 Madrid')).toBe('28013');
    expect(postcodeOf('Fjordveien 1234')).toBe('1234');
    expect(postcodeOf('Main street 5')).toBeNull();
    expect(postcodeOf('+47 123456789')).toBeNull();
    expect(postcodeOf(null)).toBeNull();
  });
});

describe('compareMyDay', () => {
  it('orders by start with unplanned times last', () => {
    const items = [
      { start: null, orderNumber: 'SO-2026-000003' },
      { start: '13:00', orderNumber: 'SO-2026-000001' },
      { start: '08:30', orderNumber: 'SO-2026-000002' },
    ];
    expect(items.sort(compareMyDay).map((i) => i.start)).toEqual(['08:30', '13:00', null]);
  });
});

describe('schemas', () => {
  it('refuses working hours that end before they start or miss a weekday', () => {
    expect(workingHoursSchema.safeParse(DEFAULT_WORKING_HOURS).success).toBe(true);
    const bad = [...DEFAULT_WORKING_HOURS];
    bad[0] = { start: '16:00', end: '08:00' };
    expect(workingHoursSchema.safeParse(bad).success).toBe(false);
    expect(workingHoursSchema.safeParse(DEFAULT_WORKING_HOURS.slice(0, 6)).success).toBe(false);
    expect(
      workingHoursSchema.safeParse([{ start: '8:00', end: '16:00' }, null, null, null, null, null, null])
        .success,
    ).toBe(false);
  });
  it('reads the board query and refuses other view lengths', () => {
    expect(boardQuerySchema.parse({ from: '2026-11-23', days: '14' }).days).toBe(14);
    expect(boardQuerySchema.safeParse({ from: '2026-11-23', days: '5' }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });
  it('refuses a start that is not HH:MM', () => {
    const ok = { technicianId: '6f1c2a9e-7a6b-4c5d-9e8f-0a1b2c3d4e5f', date: '2026-11-23', version: 1 };
    expect(assignmentInputSchema.parse(ok).start).toBeNull();
    expect(assignmentInputSchema.safeParse({ ...ok, start: '24:00' }).success).toBe(false);
  });
});

// The statuses SCHEDULABLE_STATUSES lists are all open ones.
it('schedules only open orders', () => {
  const closed: ServiceOrderStatus[] = ['completed', 'cancelled'];
  for (const s of closed) expect(SCHEDULABLE_STATUSES).not.toContain(s);
});
