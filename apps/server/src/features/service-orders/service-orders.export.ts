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

/** An exported order with its totals per currency (completed work logs, spare-part lines, both). */
export interface ExportRowWithTotals {
  order: ExportRow;
  labour: Money[];
  parts: Money[];
  total: Money[];
}

type OrderColumn = Column<ExportRowWithTotals>;
const text = (value: (order: ExportRow) => string | null) =>
  textColumn<ExportRowWithTotals>((r) => value(r.order));
const labelled = (value: (order: ExportRow) => string) =>
  labelColumn<ExportRowWithTotals>((r) => value(r.order), label);
const instant = (value: (order: ExportRow) => number | null) =>
  instantColumn<ExportRowWithTotals>((r) => value(r.order));
const money = (value: (r: ExportRowWithTotals) => Money[]) => amountsColumn(value);

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
  { header: 'Scheduled date', width: 14, write: dateColumn((r) => r.order.scheduledDate) },
  { header: 'Created', width: 17, write: instant((o) => o.createdAtMs) },
  { header: 'Completed', width: 17, write: instant((o) => o.completedAtMs) },
  {
    header: 'Estimated cost',
    width: 16,
    write: amountColumn(
      (r) => r.order.estimatedCost,
      (r) => r.order.currency,
    ),
  },
  { header: 'Labour', width: 16, write: money((r) => r.labour) },
  { header: 'Parts', width: 16, write: money((r) => r.parts) },
  { header: 'Total', width: 16, write: money((r) => r.total) },
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

/** Streams the orders into an .xlsx on `out` (see `writeWorkbook`). */
export function writeOrdersWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRowWithTotals[]>,
  options: OrdersWorkbookOptions,
): Promise<void> {
  return writeWorkbook(out, batches, {
    sheetName: 'Service orders',
    columns: options.includeInternalNotes ? [...COLUMNS, INTERNAL_NOTES] : COLUMNS,
    timeZone: options.timeZone,
  });
}

const NO_MONEY: Money[] = [];
/** Nothing billed or used is 0 in the order's currency, not a blank cell (issue 18). */
const ZERO = new Map<Currency, Money[]>();
const zeroIn = (currency: Currency): Money[] => {
  let zero = ZERO.get(currency);
  if (!zero) ZERO.set(currency, (zero = [{ currency, amountMinor: 0 }]));
  return zero;
};

/** The order's own currency first; the triggers keep the others in alphabetical order. */
function firstIn(list: Money[], currency: Currency): Money[] {
  if (list.length < 2 || list[0]!.currency === currency) return list;
  const own = list.find((m) => m.currency === currency);
  return own ? [own, ...list.filter((m) => m !== own)] : list;
}

/**
 * Each export batch with its orders' labour, parts and total. Labour and parts come with the
 * order's row (decision 084); the total is their sum per currency, and nothing billed or used is
 * 0 in the order's currency.
 */
export async function* withTotals(
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<ExportRowWithTotals[]> {
  for await (const batch of batches) {
    // Each list is one entry per currency already: sumMoney only where two lists meet or one
    // holds several currencies. The rows stay as the driver made them (adding properties to
    // them, or copying them, cost more than the whole rest of this).
    yield batch.map((order) => {
      const l = firstIn(order.labourTotals ?? NO_MONEY, order.currency);
      const p = firstIn(order.partsTotals ?? NO_MONEY, order.currency);
      const total = l.length === 0 ? p : p.length === 0 ? l : sumMoney(l, p);
      if (total.length === 0) {
        const zero = zeroIn(order.currency);
        return { order, labour: zero, parts: zero, total: zero };
      }
      return {
        order,
        labour: l.length === 0 ? zeroIn(order.currency) : l,
        parts: p.length === 0 ? zeroIn(order.currency) : p,
        total,
      };
    });
  }
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
