import { describe, expect, it } from 'vitest';
import {
  addDays,
  answerRefusal,
  computeEstimateTotals,
  effectiveStatus,
  estimateInputSchema,
  reminderDay,
  statusAfterApproval,
  vatOf,
  vatRateSchema,
} from './estimates.ts';

describe('estimate totals', () => {
  it('multiplies lines exactly, rounds labour per line and VAT once on the subtotal', () => {
    const t = computeEstimateTotals({
      lines: [
        { quantity: 3, unitPriceMinor: 1999 },
        { quantity: 1, unitPriceMinor: 12_550 },
      ],
      labourMinutes: 50,
      labourRateMinor: 95_000,
      vatRate: 25,
    });
    expect(t.lines).toEqual([{ amountMinor: 5997 }, { amountMinor: 12_550 }]);
    // 50 min × 950.00/h = 791.666… → 791.67
    expect(t.labourMinor).toBe(79_167);
    expect(t.subtotalMinor).toBe(97_714);
    // 977.14 × 25 % = 244.285 → 244.29 (half up)
    expect(t.vatMinor).toBe(24_429);
    expect(t.totalMinor).toBe(122_143);
  });

  it('has no labour without minutes and works with 0 % and fractional rates', () => {
    expect(
      computeEstimateTotals({
        lines: [{ quantity: 1, unitPriceMinor: 100 }],
        labourMinutes: 0,
        labourRateMinor: 95_000,
        vatRate: 0,
      }),
    ).toEqual({
      lines: [{ amountMinor: 100 }],
      labourMinor: 0,
      subtotalMinor: 100,
      vatMinor: 0,
      totalMinor: 100,
    });
    expect(vatOf(1000, 1250)).toBe(125);
    expect(vatOf(1, 2500)).toBe(0); // 0.25 → 0
    expect(vatOf(2, 2500)).toBe(1); // 0.5 → 1
  });

  it('keeps large amounts exact', () => {
    const t = computeEstimateTotals({
      lines: [{ quantity: 100_000, unitPriceMinor: 100_000_000 }],
      labourMinutes: 0,
      labourRateMinor: 1,
      vatRate: 25,
    });
    expect(t.totalMinor).toBe(12_500_000_000_000);
  });
});

describe('estimate rules', () => {
  it('accepts VAT rates with at most two decimals', () => {
    expect(vatRateSchema.safeParse(25).success).toBe(true);
    expect(vatRateSchema.safeParse(12.5).success).toBe(true);
    expect(vatRateSchema.safeParse(12.345).success).toBe(false);
    expect(vatRateSchema.safeParse(-1).success).toBe(false);
    expect(vatRateSchema.safeParse(101).success).toBe(false);
  });

  it('needs a line or labour', () => {
    expect(estimateInputSchema.safeParse({ lines: [], labourMinutes: 0 }).success).toBe(false);
    expect(estimateInputSchema.safeParse({ labourMinutes: 30 }).success).toBe(true);
  });

  it('counts days, expiry and the reminder day', () => {
    expect(addDays('2026-11-26', 30)).toBe('2026-12-26');
    expect(reminderDay('2026-12-26', 3)).toBe('2026-12-23');
    expect(effectiveStatus('sent', '2026-12-26', '2026-12-26')).toBe('sent');
    expect(effectiveStatus('opened', '2026-12-26', '2026-12-27')).toBe('expired');
    expect(effectiveStatus('approved', '2026-12-26', '2027-01-01')).toBe('approved');
  });

  it('refuses answers twice, after expiry, to an old version and to a draft', () => {
    const sent = { status: 'sent' as const, validUntil: '2026-12-26', superseded: false };
    expect(answerRefusal(sent, '2026-12-01')).toBeNull();
    expect(answerRefusal({ ...sent, status: 'approved' }, '2026-12-01')).toBe('already_decided');
    expect(answerRefusal(sent, '2026-12-27')).toBe('expired');
    expect(answerRefusal({ ...sent, superseded: true }, '2026-12-01')).toBe('superseded');
    expect(answerRefusal({ ...sent, status: 'draft' }, '2026-12-01')).toBe('not_sent');
  });

  it('moves only an order on hold when approved', () => {
    expect(statusAfterApproval('on_hold')).toBe('in_progress');
    expect(statusAfterApproval('created')).toBeNull();
  });
});
