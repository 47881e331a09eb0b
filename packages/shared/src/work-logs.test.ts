import { describe, expect, it } from 'vitest';
import { MAX_WORKED_MINUTES } from './pricing.ts';
import { VALIDATION_MESSAGES } from './validation.ts';
import {
  sumMoney,
  timePerTechnician,
  WORK_LOG_MESSAGES,
  workedSecondsOf,
  workLogCreateSchema,
  workLogUpdateSchema,
} from './work-logs.ts';

describe('work log schemas', () => {
  it('requires a category (spec §5) and normalises empty texts', () => {
    const missing = workLogCreateSchema.safeParse({ description: 'x' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['category', WORK_LOG_MESSAGES.categoryRequired],
    ]);
    expect(WORK_LOG_MESSAGES.categoryRequired).toBe('Category is required');
    expect(workLogCreateSchema.parse({ category: 'shipping', description: '  ', notes: '' })).toEqual({
      category: 'shipping',
      description: null,
      notes: null,
      manualMinutes: null,
      technicianId: null,
      billable: true,
      startTimer: false,
    });
  });

  it('takes a manual duration in whole minutes between 0 and the maximum', () => {
    const bad = (manualMinutes: unknown) =>
      workLogCreateSchema.safeParse({ category: 'other', manualMinutes }).error?.issues[0]?.message;
    expect(bad(-1)).toBe(WORK_LOG_MESSAGES.durationNegative);
    expect(bad(1.5)).toBe(VALIDATION_MESSAGES.wholeNumber);
    expect(bad(MAX_WORKED_MINUTES + 1)).toBe(WORK_LOG_MESSAGES.durationTooLong);
    expect(bad(0)).toBeUndefined();
  });

  it('update keeps absent fields absent and clears on empty text or null', () => {
    expect(workLogUpdateSchema.parse({ version: 2 })).toEqual({ version: 2 });
    expect(workLogUpdateSchema.parse({ notes: '', manualMinutes: null, version: 1 })).toEqual({
      notes: null,
      manualMinutes: null,
      version: 1,
    });
    expect(workLogUpdateSchema.safeParse({ notes: 'x' }).success).toBe(false);
  });
});

describe('workedSecondsOf', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is the manual duration when set, else tracked plus the running timer', () => {
    expect(
      workedSecondsOf({ manualMinutes: 30, trackedSeconds: 99, timerStartedAt: '2026-03-01T11:00:00Z' }, now),
    ).toBe(1800);
    expect(workedSecondsOf({ manualMinutes: null, trackedSeconds: 99, timerStartedAt: null }, now)).toBe(99);
    expect(
      workedSecondsOf(
        { manualMinutes: null, trackedSeconds: 60, timerStartedAt: '2026-03-01T11:59:30.600Z' },
        now,
      ),
    ).toBe(89);
    // A clock that runs behind the start never makes time negative.
    expect(
      workedSecondsOf(
        { manualMinutes: null, trackedSeconds: 5, timerStartedAt: '2026-03-01T12:00:10Z' },
        now,
      ),
    ).toBe(5);
  });
});

describe('sumMoney', () => {
  it('adds per currency, in a stable currency order', () => {
    expect(
      sumMoney(
        [
          { currency: 'EUR', amountMinor: 100 },
          { currency: 'NOK', amountMinor: 5 },
        ],
        [{ currency: 'NOK', amountMinor: 7 }],
        [],
      ),
    ).toEqual([
      { currency: 'NOK', amountMinor: 12 },
      { currency: 'EUR', amountMinor: 100 },
    ]);
    expect(sumMoney()).toEqual([]);
  });
});

describe('timePerTechnician', () => {
  it('adds billable and non-billable time per technician, by name, the unnamed row last', () => {
    const ola = '00000000-0000-4000-8000-000000000001';
    const kari = '00000000-0000-4000-8000-000000000002';
    expect(
      timePerTechnician([
        { technicianId: null, technicianName: null, billable: true, workedSeconds: 60 },
        { technicianId: ola, technicianName: 'Ola', billable: true, workedSeconds: 600 },
        { technicianId: ola, technicianName: 'Ola', billable: false, workedSeconds: 120 },
        { technicianId: kari, technicianName: 'Kari', billable: false, workedSeconds: 30 },
      ]),
    ).toEqual([
      { technicianId: kari, technicianName: 'Kari', billableSeconds: 0, nonBillableSeconds: 30, logCount: 1 },
      {
        technicianId: ola,
        technicianName: 'Ola',
        billableSeconds: 600,
        nonBillableSeconds: 120,
        logCount: 2,
      },
      { technicianId: null, technicianName: null, billableSeconds: 60, nonBillableSeconds: 0, logCount: 1 },
    ]);
    expect(timePerTechnician([])).toEqual([]);
  });

  it('takes a technician and the billable flag, billable by default', () => {
    expect(workLogCreateSchema.parse({ category: 'other' })).toMatchObject({
      technicianId: null,
      billable: true,
    });
    expect(workLogCreateSchema.safeParse({ category: 'other', technicianId: 'nope' }).success).toBe(false);
    expect(workLogCreateSchema.safeParse({ category: 'other', billable: 'no' }).success).toBe(false);
  });
});
