import type { TransformOptions, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Zip, ZipPassThrough, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
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

// --- XML -----------------------------------------------------------------------------------------

/**
 * Characters that need work in XML text: the markup characters, and those XML 1.0 forbids (C0
 * controls other than tab, newline and carriage return; U+FFFE/U+FFFF) or that cannot be encoded
 * (surrogates, which are fine in pairs). Most cells have none, so one test decides.
 */
/* eslint-disable no-control-regex -- control characters are what these look for */
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ILLEGAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** `value` as XML character data (also safe in a double-quoted attribute). */
export function xmlText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(ILLEGAL, '').replace(/[&<>"]/g, (c) => ENTITIES[c]!);
}

/** XML white space (space, tab, newline, carriage return). */
const isXmlSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** The rest of an inline-string cell after `<c r="A1"`. */
function inlineString(value: string): string {
  // Excel drops leading and trailing white space of a cell's text unless told to keep it.
  const space =
    isXmlSpace(value.charCodeAt(0)) || isXmlSpace(value.charCodeAt(value.length - 1))
      ? ' xml:space="preserve"'
      : '';
  return ` t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

/** = + - @ tab CR: what `neutralise` looks for, as a test of the first character code. */
const FORMULA_START = new Set([61, 43, 45, 64, 9, 13]);

/** Customer- or staff-typed text: neutralised, escaped; null is no cell. */
function textCell(value: string | null): string {
  if (value === null || value === '') return '';
  return inlineString(FORMULA_START.has(value.charCodeAt(0)) ? `'${value}` : value);
}

/** "A", "B", …, "Z", "AA": the column letters of a 1-based column number. */
function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

// --- dates ---------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Excel's serial number of 1970-01-01 (1900 date system). */
const EXCEL_EPOCH_DAYS = 25_569;
const serial = (utcMs: number) => utcMs / DAY_MS + EXCEL_EPOCH_DAYS;

/**
 * Excel has no time zones: a cell shows the serial number it holds. So a date cell holds the
 * partner's wall-clock time, which is what staff expect to read: the instant shifted by the zone's
 * offset, to the second. `formatToParts` costs several µs a call, so offsets are kept per UTC day:
 * a day whose first and last second have the same offset has it throughout (tz rules change the
 * offset at most once or twice a year); a day with a change falls back to hours, and the hour of
 * the change itself to `formatToParts` per instant. An export over two years of orders asks for
 * ≈ 1,500 offsets instead of one per cell.
 */
export function wallClockOf(timeZone: string): (instantMs: number) => number {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  /** The wall-clock time of a whole second, as if it were UTC. */
  const exact = (secondMs: number): number => {
    const p: Record<string, number> = {};
    for (const part of formatter.formatToParts(secondMs)) p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
  };
  /** The offset over [start, start + length), or NaN when it changes inside. */
  const offsetOver = (start: number, length: number): number => {
    const last = start + length - 1000;
    const offset = exact(start) - start;
    return exact(last) - last === offset ? offset : Number.NaN;
  };
  const days = new Map<number, number>();
  const hours = new Map<number, number>();
  const cached = (cache: Map<number, number>, key: number, length: number): number => {
    let offset = cache.get(key);
    if (offset === undefined) {
      if (cache.size >= 100_000) cache.clear();
      offset = offsetOver(key * length, length);
      cache.set(key, offset);
    }
    return offset;
  };
  return (instantMs) => {
    const second = Math.floor(instantMs / 1000) * 1000;
    let offset = cached(days, Math.floor(second / DAY_MS), DAY_MS);
    if (Number.isNaN(offset)) offset = cached(hours, Math.floor(second / HOUR_MS), HOUR_MS);
    return Number.isNaN(offset) ? exact(second) : second + offset;
  };
}

// --- columns and styles --------------------------------------------------------------------------

/** An exported order with its totals per currency (completed work logs, spare-part lines, both). */
export interface ExportRowWithTotals {
  order: ExportRow;
  labour: Money[];
  parts: Money[];
  total: Money[];
}

const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const amountFormat = (currency: string) => `#,##0.00 "${currency}"`;
const major = (minor: number) => minor / 100;

/**
 * The cell formats (styles.xml's cellXfs): 0 plain, 1 bold header, 2 date, 3 date and time, then
 * one amount format per currency in the order the rows need them (styles.xml is written after
 * the sheet).
 */
class Styles {
  static readonly HEADER = 1;
  private readonly formats = [DATE_FORMAT, DATE_TIME_FORMAT];
  readonly date = 2;
  readonly dateTime = 3;
  private readonly currencies = new Map<string, number>();

  /** The cell format index (`s="…"`) of an amount in `currency`. */
  money(currency: string): number {
    let index = this.currencies.get(currency);
    if (index === undefined) {
      index = this.formats.push(amountFormat(currency)) + 1;
      this.currencies.set(currency, index);
    }
    return index;
  }

  xml(): string {
    const formats = this.formats;
    // Custom number formats are numbered from 164 (0–163 are built in).
    const numFmts = formats
      .map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`)
      .join('');
    const xfs = formats
      .map(
        (_, i) =>
          `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      )
      .join('');
    const font = (bold: boolean) =>
      `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
    return (
      XML_DECLARATION +
      `<styleSheet xmlns="${MAIN_NS}">` +
      `<numFmts count="${formats.length}">${numFmts}</numFmts>` +
      `<fonts count="2">${font(false)}${font(true)}</fonts>` +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${formats.length + 2}">` +
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
      xfs +
      '</cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

interface CellContext {
  styles: Styles;
  wallClock: (instantMs: number) => number;
}

interface Column {
  header: string;
  width: number;
  /** The cell after `<c r="A1"` (attributes, value, `</c>`), or '' for no cell. */
  cell: (r: ExportRowWithTotals, ctx: CellContext) => string;
}

const numberCell = (value: number, style: number) => ` s="${style}"><v>${value}</v></c>`;

/** Status, priority and type cells: a handful of values, each rendered once. */
function labelCell(): (value: string) => string {
  const cells = new Map<string, string>();
  return (value) => {
    let cell = cells.get(value);
    if (cell === undefined) {
      cell = inlineString(label(value));
      cells.set(value, cell);
    }
    return cell;
  };
}
const statusCell = labelCell();
const priorityCell = labelCell();
const typeCell = labelCell();

/**
 * A money cell: one currency is a number cell in major units with the currency in its format
 * (the column still sums), several are text ("1,250.00 NOK + 40.00 EUR"), none is no cell.
 */
function moneyCell(amounts: Money[], styles: Styles): string {
  const [first] = amounts;
  if (!first) return '';
  if (amounts.length === 1) return numberCell(major(first.amountMinor), styles.money(first.currency));
  const text = (m: Money) =>
    `${major(m.amountMinor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency}`;
  return inlineString(amounts.map(text).join(' + '));
}

const COLUMNS: Column[] = [
  { header: 'Order number', width: 16, cell: (r) => textCell(r.order.orderNumber) },
  { header: 'Title', width: 40, cell: (r) => textCell(r.order.title) },
  { header: 'Status', width: 18, cell: (r) => statusCell(r.order.status) },
  { header: 'Priority', width: 10, cell: (r) => priorityCell(r.order.priority) },
  { header: 'Type', width: 12, cell: (r) => typeCell(r.order.serviceType) },
  { header: 'Customer name', width: 26, cell: (r) => textCell(r.order.customerName) },
  { header: 'Customer e-mail', width: 30, cell: (r) => textCell(r.order.customerEmail) },
  { header: 'Customer phone', width: 18, cell: (r) => textCell(r.order.customerPhone) },
  { header: 'Serial number', width: 20, cell: (r) => textCell(r.order.serialNumber) },
  { header: 'Technician', width: 22, cell: (r) => textCell(r.order.technicianName) },
  {
    header: 'Scheduled date',
    width: 14,
    // A calendar date, no time zone: midnight of that day.
    cell: (r, c) =>
      r.order.scheduledDate ? numberCell(serial(Date.parse(r.order.scheduledDate)), c.styles.date) : '',
  },
  {
    header: 'Created',
    width: 17,
    cell: (r, c) => numberCell(serial(c.wallClock(r.order.createdAtMs)), c.styles.dateTime),
  },
  {
    header: 'Completed',
    width: 17,
    cell: (r, c) =>
      r.order.completedAtMs === null
        ? ''
        : numberCell(serial(c.wallClock(r.order.completedAtMs)), c.styles.dateTime),
  },
  {
    header: 'Estimated cost',
    width: 16,
    cell: (r, c) =>
      r.order.estimatedCost === null
        ? ''
        : numberCell(major(r.order.estimatedCost), c.styles.money(r.order.currency)),
  },
  { header: 'Labour', width: 16, cell: (r, c) => moneyCell(r.labour, c.styles) },
  { header: 'Parts', width: 16, cell: (r, c) => moneyCell(r.parts, c.styles) },
  { header: 'Total', width: 16, cell: (r, c) => moneyCell(r.total, c.styles) },
];
const INTERNAL_NOTES: Column = {
  header: 'Internal notes',
  width: 50,
  cell: (r) => textCell(r.order.internalNotes),
};

// --- the package ---------------------------------------------------------------------------------

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHEET_NAME = 'Service orders';

/** The parts that do not depend on the data: content types, relationships, the workbook. */
const STATIC_PARTS: [name: string, xml: string][] = [
  [
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
  ],
  [
    'xl/workbook.xml',
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      '<bookViews><workbookView/></bookViews>' +
      `<sheets><sheet name="${SHEET_NAME}" sheetId="1" r:id="rId1"/></sheets>` +
      '</workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  ],
];

/** The sheet up to its first data row: frozen header row, column widths, bold headers. */
function sheetStart(columns: Column[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const headers = columns
    .map((c, i) => `<c r="${columnLetters(i + 1)}1" s="${Styles.HEADER}"${inlineString(c.header)}`)
    .join('');
  return (
    XML_DECLARATION +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols>` +
    `<sheetData><row r="1">${headers}</row>`
  );
}
const SHEET_END = '</sheetData></worksheet>';

/**
 * zlib's fastest level: the sheet's XML still shrinks ≈ 8×, for a fraction of level 6's CPU.
 */
const COMPRESSION_LEVEL = 1;
/** How much sheet XML may wait for the compressor before the writer pauses. */
const SHEET_BUFFER_BYTES = 1 << 20;
/** Characters of XML gathered before they go to the compressor as one chunk. */
const CHUNK_CHARS = 1 << 16;
const DEFLATE_OPTIONS: zlib.ZlibOptions & TransformOptions = {
  level: COMPRESSION_LEVEL,
  chunkSize: 1 << 16,
  writableHighWaterMark: SHEET_BUFFER_BYTES,
};
/** A zip without ZIP64 (fflate writes none) holds entries under 4 GiB. */
const ZIP32_MAX = 0xffff_ffff;

/**
 * The sheet's zip entry: fflate writes the zip structure (local header, data descriptor, central
 * directory), the bytes are deflated by Node's zlib (native, on libuv's thread pool) and
 * checksummed by zlib.crc32 (native): fflate's own deflate and CRC are JavaScript on the main
 * thread, and cost more than the rest of the export. fflate calls such a hand-made entry a
 * ZipInputFile: it reads `size` and `crc` once `ondata` says final.
 */
class DeflatedEntry implements ZipInputFile {
  readonly compression = 8;
  size = 0;
  crc = 0;
  ondata?: AsyncFlateStreamHandler;
  // Stream options pass through to the Transform (Node documents them for zlib; its typing does
  // not list them): a deeper input buffer lets the writer run ahead of the compressor.
  readonly deflate = zlib.createDeflateRaw(DEFLATE_OPTIONS);

  constructor(
    readonly filename: string,
    readonly mtime: Date,
  ) {
    // zlib's output is never on a SharedArrayBuffer.
    this.deflate.on('data', (chunk: Uint8Array<ArrayBuffer>) => this.ondata?.(null, chunk, false));
    this.deflate.on('end', () => this.ondata?.(null, new Uint8Array(0), true));
  }

  /** false: wait for the deflater's 'drain'. */
  write(xml: string): boolean {
    const bytes = Buffer.from(xml);
    if (this.size + bytes.length > ZIP32_MAX) throw new Error('the sheet has outgrown a zip without ZIP64');
    this.size += bytes.length;
    this.crc = zlib.crc32(bytes, this.crc);
    return this.deflate.write(bytes);
  }
}

/** A small part, stored as it is. */
function addPart(zip: Zip, name: string, xml: string, mtime: Date) {
  const part = new ZipPassThrough(name);
  part.mtime = mtime;
  zip.add(part);
  part.push(Buffer.from(xml), true);
}

export interface WorkbookOptions {
  includeInternalNotes: boolean;
  timeZone: string;
}

/**
 * Streams the orders into an .xlsx on `out`, one batch at a time: SpreadsheetML written directly
 * (one sheet of inline strings, nothing kept per row), deflated as it goes. Rows leave in chunks,
 * and the writer waits whenever the compressor or `out` is behind, so memory stays bounded
 * whatever the row count. Stops, without error, when `out` goes away (the client hung up).
 */
export async function writeOrdersWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRowWithTotals[]>,
  options: WorkbookOptions,
): Promise<void> {
  const columns = options.includeInternalNotes ? [...COLUMNS, INTERNAL_NOTES] : COLUMNS;
  const refs = columns.map((_, i) => `<c r="${columnLetters(i + 1)}`);
  const ctx: CellContext = { styles: new Styles(), wallClock: wallClockOf(options.timeZone) };
  const mtime = new Date();

  let gone = false;
  let failed: Error | null = null;
  const sheet = new DeflatedEntry('xl/worksheets/sheet1.xml', mtime);
  const stop = () => {
    gone = true;
    sheet.deflate.destroy();
  };
  out.once('close', stop);
  out.once('error', stop);
  // The zip comes out as the deflater produces it; when `out` is full, the deflater waits, its
  // input fills up, and the writer below waits for it.
  const finished = new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, chunk, final) => {
      if (err) {
        reject(err);
        return;
      }
      if (gone) return;
      if (!out.write(chunk) && !sheet.deflate.isPaused()) {
        sheet.deflate.pause();
        out.once('drain', () => sheet.deflate.resume());
      }
      if (final) out.end(() => resolve());
    });
    sheet.deflate.once('error', (err) => {
      failed = err;
      reject(err);
    });
    out.once('close', () => resolve());
    for (const [name, xml] of STATIC_PARTS) addPart(zip, name, XML_DECLARATION + xml, mtime);
    zip.add(sheet);
    // After the sheet: styles.xml holds the money formats that the rows needed.
    sheet.deflate.once('end', () => {
      addPart(zip, 'xl/styles.xml', ctx.styles.xml(), mtime);
      zip.end();
    });
  });
  // Settled by the caller's await below; a rejection before then is not unhandled.
  finished.catch(() => undefined);

  /** Resolves when the deflater takes more, or `out` has gone. */
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        sheet.deflate.off('drain', done);
        sheet.deflate.off('close', done);
        out.off('close', done);
        resolve();
      };
      sheet.deflate.once('drain', done);
      sheet.deflate.once('close', done);
      out.once('close', done);
    });
  const write = async (xml: string) => {
    if (!sheet.write(xml) && !gone && !failed) await drained();
  };

  try {
    await write(sheetStart(columns));
    let rowNumber = 1;
    let xml = '';
    rows: for await (const batch of batches) {
      for (const r of batch) {
        const n = ++rowNumber;
        xml += `<row r="${n}">`;
        for (let i = 0; i < columns.length; i++) {
          const cell = columns[i]!.cell(r, ctx);
          if (cell !== '') xml += `${refs[i]}${n}"${cell}`;
        }
        xml += '</row>';
        if (xml.length >= CHUNK_CHARS) {
          await write(xml);
          xml = '';
          // The client hung up, or the compressor failed: stop reading (the batches close).
          if (gone || failed) break rows;
        }
      }
    }
    if (!gone && !failed) {
      await write(xml + SHEET_END);
      sheet.deflate.end();
    }
    await finished;
  } finally {
    out.off('close', stop);
    out.off('error', stop);
  }
}
