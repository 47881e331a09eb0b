import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Money } from '@service-portal/shared/work-logs';
import type { ExportRow } from './service-orders.repository.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab / carriage return that hides
 * one) as a formula. Customer-typed text ends up in these cells, so such text gets a leading
 * apostrophe and stays text (OWASP "CSV injection").
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** "waiting_for_parts" → "Waiting for parts": the server has no translations, English it is. */
function label(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Excel has no time zones: a cell shows the serial number it holds. Shift the instant so that its
 * UTC fields are the partner's wall-clock time, which is what staff expect to read.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Building a DateTimeFormat costs ~140 µs: one per time zone, not one per cell. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return new Date(
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  );
}

interface Column {
  header: string;
  key: string;
  width: number;
  numFmt?: string;
}

const COLUMNS: Column[] = [
  { header: 'Order number', key: 'orderNumber', width: 16 },
  { header: 'Title', key: 'title', width: 40 },
  { header: 'Status', key: 'status', width: 18 },
  { header: 'Priority', key: 'priority', width: 10 },
  { header: 'Type', key: 'serviceType', width: 12 },
  { header: 'Customer name', key: 'customerName', width: 26 },
  { header: 'Customer e-mail', key: 'customerEmail', width: 30 },
  { header: 'Customer phone', key: 'customerPhone', width: 18 },
  { header: 'Serial number', key: 'serialNumber', width: 20 },
  { header: 'Technician', key: 'technician', width: 22 },
  { header: 'Scheduled date', key: 'scheduledDate', width: 14, numFmt: 'yyyy-mm-dd' },
  { header: 'Created', key: 'createdAt', width: 17, numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Completed', key: 'completedAt', width: 17, numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Estimated cost', key: 'estimatedCost', width: 16 },
  { header: 'Labour', key: 'labour', width: 16 },
  { header: 'Parts', key: 'parts', width: 16 },
  { header: 'Total', key: 'total', width: 16 },
];
const MONEY_COLUMNS = ['labour', 'parts', 'total'] as const;
const INTERNAL_NOTES: Column = { header: 'Internal notes', key: 'internalNotes', width: 50 };

/** An exported order with its totals per currency (completed work logs, spare-part lines, both). */
export type ExportRowWithTotals = ExportRow & { labour: Money[]; parts: Money[]; total: Money[] };

const amountFormat = (currency: string) => `#,##0.00 "${currency}"`;
const major = (minor: number) => minor / 100;

/**
 * A money cell: one currency is a number cell in major units (the column still sums), several
 * are text ("1,250.00 NOK + 40.00 EUR"), none is empty.
 */
function moneyCell(amounts: Money[]): { value: number | string | null; numFmt?: string } {
  const [first] = amounts;
  if (!first) return { value: null };
  if (amounts.length === 1) return { value: major(first.amountMinor), numFmt: amountFormat(first.currency) };
  const text = (m: Money) =>
    `${major(m.amountMinor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency}`;
  return { value: amounts.map(text).join(' + ') };
}

export interface WorkbookOptions {
  includeInternalNotes: boolean;
  timeZone: string;
}

/** Resolves when `out` may take more, or has gone (client hung up). */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

/**
 * Streams the orders into an .xlsx on `out`, one batch at a time: rows are committed as they are
 * written and the next batch is fetched only once `out` has drained, so memory stays bounded.
 */
export async function writeOrdersWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRowWithTotals[]>,
  options: WorkbookOptions,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Service orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = options.includeInternalNotes ? [...COLUMNS, INTERNAL_NOTES] : COLUMNS;
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const text = (value: string | null) => (value === null ? null : neutralise(value));
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const r of batch) {
      const row = sheet.addRow({
        orderNumber: text(r.orderNumber),
        title: text(r.title),
        status: label(r.status),
        priority: label(r.priority),
        serviceType: label(r.serviceType),
        customerName: text(r.customerName),
        customerEmail: text(r.customerEmail),
        customerPhone: text(r.customerPhone),
        serialNumber: text(r.serialNumber),
        technician: text(r.technicianName),
        scheduledDate: r.scheduledDate ? new Date(`${r.scheduledDate}T00:00:00Z`) : null,
        createdAt: wallClock(r.createdAt, options.timeZone),
        completedAt: r.completedAt ? wallClock(r.completedAt, options.timeZone) : null,
        // Major units in a number cell, so the column still sums; the currency is in the format.
        estimatedCost: r.estimatedCost === null ? null : r.estimatedCost / 100,
        ...(options.includeInternalNotes ? { internalNotes: text(r.internalNotes) } : {}),
      });
      for (const key of MONEY_COLUMNS) {
        const cell = moneyCell(r[key]);
        row.getCell(key).value = cell.value;
        if (cell.numFmt) row.getCell(key).numFmt = cell.numFmt;
      }
      for (const column of columns) {
        if (column.numFmt) row.getCell(column.key).numFmt = column.numFmt;
      }
      if (r.estimatedCost !== null) row.getCell('estimatedCost').numFmt = `#,##0.00 "${r.currency}"`;
      row.commit();
    }
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
