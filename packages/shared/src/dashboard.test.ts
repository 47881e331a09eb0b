import { describe, expect, it } from 'vitest';
import { periodRange, trendBuckets, zonedMidnight } from './dashboard.ts';
import { searchKindOf, searchResultPath } from './search.ts';

describe('periods in a time zone', () => {
  it('starts each period at local midnight, across a daylight-saving change', () => {
    const now = new Date('2026-04-10T08:00:00Z'); // Oslo is UTC+2 from 29 March
    expect(periodRange('this_month', now, 'Europe/Oslo').from.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(periodRange('this_quarter', now, 'Europe/Oslo').from.toISOString()).toBe(
      '2026-03-31T22:00:00.000Z',
    );
    expect(periodRange('this_year', now, 'Europe/Oslo').from.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    // 29 days before 10 April is 12 March, still UTC+1.
    expect(periodRange('last_30_days', now, 'Europe/Oslo').from.toISOString()).toBe(
      '2026-03-11T23:00:00.000Z',
    );
    expect(periodRange('this_month', now, 'America/New_York').from.toISOString()).toBe(
      '2026-04-01T04:00:00.000Z',
    );
  });

  it('cuts the period into local days, weeks or months, the last ending now', () => {
    const now = new Date('2026-04-10T08:00:00Z');
    const days = trendBuckets(periodRange('last_30_days', now, 'Europe/Oslo'), 'Europe/Oslo');
    expect(days).toHaveLength(30);
    // The day of the change is 23 hours long.
    const change = days.find((d) => d.from.toISOString() === '2026-03-28T23:00:00.000Z')!;
    expect(change.to.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(days.at(-1)!.to).toEqual(now);
    const months = trendBuckets(periodRange('this_year', now, 'Europe/Oslo'), 'Europe/Oslo');
    expect(months.map((m) => m.from.toISOString())).toEqual([
      '2025-12-31T23:00:00.000Z',
      '2026-01-31T23:00:00.000Z',
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    const weeks = trendBuckets(periodRange('this_quarter', now, 'Europe/Oslo'), 'Europe/Oslo');
    expect(weeks.map((w) => w.from.toISOString())).toEqual([
      '2026-03-31T22:00:00.000Z',
      '2026-04-07T22:00:00.000Z',
    ]);
  });

  it('rolls over months and days past their ends', () => {
    expect(zonedMidnight('UTC', 2026, 13, 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(zonedMidnight('UTC', 2026, 3, 0).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('search result types', () => {
  it('maps the server types as the spec says, anything else to document', () => {
    expect(searchKindOf('ServiceOrder')).toBe('order');
    expect(searchKindOf('Customer')).toBe('customer');
    expect(searchKindOf('Product')).toBe('toilet');
    expect(searchKindOf('Technician')).toBe('technician');
    expect(searchKindOf('Document')).toBe('document');
    expect(searchKindOf('Invoice')).toBe('document');
  });

  it('navigates by type', () => {
    expect(searchResultPath('order', 'a')).toBe('/service-orders/a');
    expect(searchResultPath('customer', 'b')).toBe('/customers/b');
    expect(searchResultPath('toilet', 'c')).toBe('/toilets/c');
    expect(searchResultPath('technician', 'd')).toBe('/technicians/d');
    expect(searchResultPath('document', 'e')).toBe('/documents/e');
  });
});
