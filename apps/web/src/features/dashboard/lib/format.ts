import { formatDay } from '../../../lib/dates.ts';
import type { TrendBucket } from '@service-portal/shared/dashboard';

// Labels are drawn in the partner's time zone (the one the buckets were cut in), whatever the
// reader's browser says: a bucket that starts at Oslo midnight is "1 Jan", not "31 Dec".

/** A trend bucket's label: "4 Mar" for a day or week, "Mar 2026" for a month. */
export function formatBucket(
  fromIso: string,
  bucket: TrendBucket,
  language: string,
  timeZone: string,
): string {
  return new Intl.DateTimeFormat(
    language,
    bucket === 'month'
      ? { month: 'short', year: 'numeric', timeZone }
      : { day: 'numeric', month: 'short', timeZone },
  ).format(new Date(fromIso));
}

/** A day of the period in the partner's zone: "Jan 1, 2026". */
export function formatPartnerDay(iso: string, language: string, timeZone: string): string {
  return formatDay(iso, language, timeZone);
}
