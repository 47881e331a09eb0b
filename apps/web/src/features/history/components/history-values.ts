import type { HistoryActor, HistoryEvent } from '@service-portal/shared/history';
import type { Currency } from '@service-portal/shared/limits';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';

/** i18next's `t` with keys built at run time (each has a readable default). */
export type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * Fields whose values are a known list, named in `history.values.<table>.<field>` (copies of the
 * feature groups' names, so that the History section does not load those whole groups).
 */
const ENUM_FIELDS: Readonly<Record<string, readonly string[]>> = {
  service_orders: ['status', 'priority', 'service_type'],
  communications: ['method', 'direction'],
  category_pricing: ['pricing_type'],
  work_logs: ['pricing_type', 'category'],
  pricing_configs: ['rounding_direction'],
  rentals: ['status'],
};

const EMPTY = '—';
const MAX_TEXT = 200;

export function humanize(field: string): string {
  const words = field
    .replace(/_minor$/, '')
    .replace(/_id$/, '')
    .split('_')
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(t: LooseT, field: string): string {
  return t(`history.fields.${field}`, { defaultValue: humanize(field) });
}

export function tableLabel(t: LooseT, table: string): string {
  return t(`history.tables.${table}`, { defaultValue: humanize(table) });
}

export function actorLabel(t: LooseT, actor: HistoryActor): string {
  if (actor.kind === 'user') return actor.name ?? t('history.actors.user');
  if (actor.kind === 'job') return t('history.actors.job', { name: actor.name ?? '' });
  return t(`history.actors.${actor.kind}`);
}

function short(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * One side of a change as people read it: money with its currency, the known lists translated,
 * times in the partner's zone, days as days, yes/no, and "—" for nothing.
 */
export function formatHistoryValue(
  t: LooseT,
  event: Pick<HistoryEvent, 'table' | 'field' | 'redacted'>,
  value: unknown,
  options: { language: string; currency: Currency },
): string {
  if (event.redacted) return t('history.hidden');
  if (value === null || value === undefined || value === '') return EMPTY;
  const { field } = event;
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (typeof value === 'number') {
    if (field.endsWith('_minor')) return formatMoney(value, options.currency, options.language);
    return new Intl.NumberFormat(options.language).format(value);
  }
  if (typeof value === 'string') {
    if (ENUM_FIELDS[event.table]?.includes(field))
      return t(`history.values.${event.table}.${field}.${value}`, { defaultValue: value });
    if (/_at$/.test(field) && !Number.isNaN(Date.parse(value)))
      return formatDateTime(value, options.language);
    if ((/_date$/.test(field) || field === 'date') && /^\d{4}-\d{2}-\d{2}/.test(value))
      return formatDay(value.slice(0, 10), options.language);
    return short(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? EMPTY
      : short(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', '));
  }
  return short(JSON.stringify(value));
}
