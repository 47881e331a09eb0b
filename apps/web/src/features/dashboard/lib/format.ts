import dayjs from 'dayjs';
import type { TrendBucket } from '@service-portal/shared/dashboard';
// The app's dayjs locales (nb, es) are registered there.
import '../../../lib/dates.ts';

/** A trend bucket's label: "Mar 4" for a day or week, "Mar 2026" for a month. */
export function formatBucket(fromIso: string, bucket: TrendBucket, language: string): string {
  const d = dayjs(fromIso).locale(language);
  return bucket === 'month' ? d.format('MMM YYYY') : d.format('D MMM');
}

/** Hours as the dashboard shows them: "5.5 h" under two days, else "3.2 d". */
export function resolutionParts(hours: number): { unit: 'hours' | 'days'; value: number } {
  return hours < 48
    ? { unit: 'hours', value: Math.round(hours * 10) / 10 }
    : { unit: 'days', value: Math.round((hours / 24) * 10) / 10 };
}
