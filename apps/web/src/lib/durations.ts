import type { TFunction } from 'i18next';

/**
 * The one way a length of time in hours reads (issue 31: "304.1 h" on a technician's page beside
 * "11.7 d" on the dashboard): under a day in hours with one decimal ("5.5 h"), from a day on in
 * whole days and hours ("12 d 16 h").
 */
export function formatDuration(t: TFunction, hours: number, lang: string): string {
  if (hours < 24) {
    const value = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(
      Math.round(hours * 10) / 10,
    );
    return t('common.duration.hours', { value });
  }
  const whole = Math.round(hours);
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  return rest === 0
    ? t('common.duration.days', { days })
    : t('common.duration.daysHours', { days, hours: rest });
}
