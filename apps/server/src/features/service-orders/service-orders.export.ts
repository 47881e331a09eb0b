import type { Writable } from 'node:stream';
import { sumMoney, type Money } from '@service-portal/shared/work-logs';
import type { Currency } from '@service-portal/shared/limits';
import {
  amountColumn,
  amountsColumn,
  dateColumn,
  instantColumn,
  labelColumn,
  textColumn,
  writeWorkbook,
  type Column,
} from '../../integrations/xlsx/workbook.ts';
import type { ExportRow } from './service-orders.export.repository.ts';

// The service-orders spreadsheet: which columns, and the totals beside each order. The format
// itself is integrations/xlsx.

/** "waiting_for_parts" → "Waiting for parts": the server has no translations, English it is. */
function label(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type OrderColumn = Column<ExportRow>;
const text = (value: (order: ExportRow) => string | null) => textColumn<ExportRow>(value);
const labelled = (value: (order: ExportRow) => string) => labelColumn<ExportRow>(value, label);

// --- the money columns ----------------------------------------------------------------------------

/** "NOK 378000 EUR 2500" (currency, then the amount in minor units) as a list. */
function moneyOf(text: string | null): Money[] {
  if (text === null) return [];
  const fields = text.split(' ');
  const list: Money[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2)
    list.push({ currency: fields[i] as Currency, amountMinor: Number(fields[i + 1]) });
  return list;
}

/**
 * The amount of a totals text that holds one amount in `currency` ("NOK 378000"), read without
 * making a string or a list; 0 for no text; NaN for anything else (several currencies, another
 * one), which the columns then write the long way.
 */
function amountIn(text: string | null, currency: string): number {
  if (text === null) return 0;
  if (text.charCodeAt(3) !== 32 || !text.startsWith(currency)) return Number.NaN;
  let i = 4;
  const negative = text.charCodeAt(4) === 45;
  if (negative) i++;
  if (i >= text.length) return Number.NaN;
  let amount = 0;
  for (; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    amount = amount * 10 + digit;
  }
  return negative ? -amount : amount;
}

/** The order's own currency first; the triggers keep the others in alphabetical order. */
function firstIn(list: Money[], currency: Currency): Money[] {
  if (list.length < 2 || list[0]!.currency === currency) return list;
  const own = list.find((m) => m.currency === currency);
  return own ? [own, ...list.filter((m) => m !== own)] : list;
}

/** Nothing billed or used is 0 in the order's currency, not a blank cell (issue 18). */
const zeroIn = (currency: Currency): Money[] => [{ currency, amountMinor: 0 }];

/**
 * An order's labour, parts and total per currency, the long way: each list with the order's
 * currency first, the total their sum; all three 0 in the order's currency when nothing is
 * billed or used, and a missing one 0 beside the other.
 */
export function orderTotals(order: ExportRow): { labour: Money[]; parts: Money[]; total: Money[] } {
  const l = firstIn(moneyOf(order.labourTotals), order.currency);
  const p = firstIn(moneyOf(order.partsTotals), order.currency);
  const total = l.length === 0 ? p : p.length === 0 ? l : sumMoney(l, p);
  if (total.length === 0) {
    const zero = zeroIn(order.currency);
    return { labour: zero, parts: zero, total: zero };
  }
  return {
    labour: l.length === 0 ? zeroIn(order.currency) : l,
    parts: p.length === 0 ? zeroIn(order.currency) : p,
    total,
  };
}

/**
 * A money column of the totals. Nearly every order has its labour and parts in its own currency
 * or none: that amount is read from the text and written at once, with no list or object per
 * row (the export's rows then stay the driver's, and little is left for the collector). Anything
 * else takes `orderTotals`.
 */
export function totalsColumn(which: 'labour' | 'parts' | 'total'): OrderColumn['write'] {
  const longWay = amountsColumn<ExportRow>((order) => orderTotals(order)[which]);
  return (order, ctx, ref) => {
    const labour = amountIn(order.labourTotals, order.currency);
    const parts = amountIn(order.partsTotals, order.currency);
    const amount = which === 'labour' ? labour : which === 'parts' ? parts : labour + parts;
    if (Number.isNaN(labour + parts)) longWay(order, ctx, ref);
    else ctx.xml.minorUnitsCell(ref, amount, ctx.styles.money(order.currency));
  };
}

const COLUMNS: OrderColumn[] = [
  { header: 'Order number', width: 16, write: text((o) => o.orderNumber) },
  { header: 'Title', width: 40, write: text((o) => o.title) },
  { header: 'Status', width: 18, write: labelled((o) => o.status) },
  { header: 'Priority', width: 10, write: labelled((o) => o.priority) },
  { header: 'Type', width: 12, write: labelled((o) => o.serviceType) },
  { header: 'Customer name', width: 26, write: text((o) => o.customerName) },
  { header: 'Customer e-mail', width: 30, write: text((o) => o.customerEmail) },
  { header: 'Customer phone', width: 18, write: text((o) => o.customerPhone) },
  { header: 'Serial number', width: 20, write: text((o) => o.serialNumber) },
  { header: 'Technician', width: 22, write: text((o) => o.technicianName) },
  { header: 'Scheduled date', width: 14, write: dateColumn((o) => o.scheduledDate) },
  { header: 'Created', width: 17, write: instantColumn((o) => o.createdAtMs) },
  { header: 'Completed', width: 17, write: instantColumn((o) => o.completedAtMs) },
  {
    header: 'Estimated cost',
    width: 16,
    write: amountColumn(
      (o) => o.estimatedCost,
      (o) => o.currency,
    ),
  },
  { header: 'Labour', width: 16, write: totalsColumn('labour') },
  { header: 'Parts', width: 16, write: totalsColumn('parts') },
  { header: 'Total', width: 16, write: totalsColumn('total') },
];
const INTERNAL_NOTES: OrderColumn = {
  header: 'Internal notes',
  width: 50,
  write: text((o) => o.internalNotes),
};

export interface OrdersWorkbookOptions {
  includeInternalNotes: boolean;
  timeZone: string;
}

/**
 * Streams the orders into an .xlsx on `out` (see `writeWorkbook`), with each order's labour
 * (completed billable work logs), parts (spare-part lines) and total per currency, read with the
 * order's row (decision 084).
 */
export function writeOrdersWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRow[]>,
  options: OrdersWorkbookOptions,
): Promise<void> {
  return writeWorkbook(out, batches, {
    sheetName: 'Service orders',
    columns: options.includeInternalNotes ? [...COLUMNS, INTERNAL_NOTES] : COLUMNS,
    timeZone: options.timeZone,
  });
}

/**
 * The generator with its first item already read, so that a failure there (the database gone or
 * too slow) is thrown before any byte of the download is sent.
 */
export async function firstRead<T>(source: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await source.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      yield* source;
    } finally {
      await source.return(undefined);
    }
  })();
}
