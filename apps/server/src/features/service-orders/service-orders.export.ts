import type { TransformOptions, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Zip, ZipPassThrough, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import type { Money } from '@service-portal/shared/work-logs';
import type { ExportRow } from './service-orders.export.repository.ts';

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

/** Bytes of an ASCII string. */
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const AMP = ascii('&amp;');
const LT = ascii('&lt;');
const GT = ascii('&gt;');
const QUOT = ascii('&quot;');

/** XML white space (space, tab, newline, carriage return). */
const isXmlSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** = + - @ tab CR: what `neutralise` looks for, as a test of the first character code. */
const isFormulaStart = (code: number) =>
  code === 61 || code === 43 || code === 45 || code === 64 || code === 9 || code === 13;

const CHUNK_BYTES = 1 << 16;

/**
 * The sheet's 64 KB chunks, reused once the compressor has read them. Fresh ones would pile up
 * outside the heap while queued (up to SHEET_BUFFER_BYTES), outlive young-generation collections
 * and wait for a full one to be freed: tens of MB of RSS at the end of a large export.
 */
class ChunkPool {
  private readonly free: Buffer[] = [];

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
  }

  give(chunk: Buffer): void {
    if (chunk.length === CHUNK_BYTES) this.free.push(chunk);
  }
}

/** Writes the decimal digits of a non-negative integer at `pos`; returns the position after. */
function writeDigits(buf: Uint8Array, pos: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = pos + digits - 1; i >= pos; i--) {
    buf[i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return pos + digits;
}

/** ASCII characters copied as they are: printable ones but & < > ", and tab, newline, CR. */
const PLAIN = Uint8Array.from({ length: 128 }, (_, c) =>
  (c >= 0x20 && c < 0x7f && c !== 38 && c !== 60 && c !== 62 && c !== 34) || c === 9 || c === 10 || c === 13
    ? 1
    : 0,
);
/** The entity of each markup character; other ASCII that is not PLAIN is dropped. */
const ENTITY: (Uint8Array | undefined)[] = [];
ENTITY[38] = AMP;
ENTITY[60] = LT;
ENTITY[62] = GT;
ENTITY[34] = QUOT;

/**
 * The sheet's XML, written straight into byte chunks: UTF-8 encoding, escaping (& < > ") and
 * dropping what XML 1.0 forbids (C0 controls other than tab, newline and carriage return, DEL,
 * U+FFFE/U+FFFF, surrogate halves without their pair) happen in one pass over each value. Building
 * the XML as strings instead made ≈ 4 KB of short-lived strings per row (the same CPU): so much
 * young-generation churn that the rows fetched ahead outlived two collections, were promoted, and
 * the heap grew by ≈ 1 KB per exported row until the next full collection.
 *
 * Each public method makes room for what it writes once; `put` and friends then write unchecked.
 */
class SheetXml {
  private buf: Buffer;
  private pos = 0;
  /** The current row number's digits, for every cell reference of the row. */
  private readonly row = new Uint8Array(16);
  private rowLength = 0;

  /**
   * `emit` gets each full chunk (its first `length` bytes are written) and hands it back to the
   * pool once read; the writer takes a new one from the pool.
   */
  constructor(
    private readonly pool: ChunkPool,
    private readonly emit: (chunk: Buffer, length: number) => void,
  ) {
    this.buf = pool.take();
  }

  /** Hands on what is written so far. */
  flush(): void {
    if (this.pos === 0) return;
    this.emit(this.buf, this.pos);
    this.buf = this.pool.take();
    this.pos = 0;
  }

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.flush();
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
  }

  private put(bytes: Uint8Array): void {
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < bytes.length; i++) buf[pos++] = bytes[i]!;
    this.pos = pos;
  }

  private putRow(): void {
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < this.rowLength; i++) buf[pos++] = this.row[i]!;
    this.pos = pos;
  }

  /** Markup (UTF-8 bytes). */
  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.put(bytes);
  }

  startRow(n: number): void {
    this.rowLength = writeDigits(this.row, 0, n);
    this.room(ROW_OPEN.length + this.rowLength + TAG_END.length);
    this.put(ROW_OPEN);
    this.putRow();
    this.put(TAG_END);
  }

  endRow(): void {
    this.bytes(ROW_CLOSE);
  }

  /** A cell whose attributes and content after the reference are `tail` (`" t=…</c>`). */
  fixedCell(column: Uint8Array, tail: Uint8Array): void {
    this.room(column.length + this.rowLength + tail.length);
    this.put(column);
    this.putRow();
    this.put(tail);
  }

  /** A text cell; the text is neutralised (formula characters) and escaped. */
  textCell(column: Uint8Array, value: string): void {
    // At most 6 bytes per UTF-16 unit (&quot;), and the markup around it.
    this.room(column.length + this.rowLength + TEXT_OPEN_PRESERVE.length + 1 + value.length * 6 + 16);
    this.put(column);
    this.putRow();
    // Excel drops leading and trailing white space of a cell's text unless told to keep it.
    const edge = isXmlSpace(value.charCodeAt(0)) || isXmlSpace(value.charCodeAt(value.length - 1));
    this.put(edge ? TEXT_OPEN_PRESERVE : TEXT_OPEN);
    if (isFormulaStart(value.charCodeAt(0))) this.buf[this.pos++] = 39; // '
    this.putText(value);
    this.put(TEXT_CLOSE);
  }

  /** A number cell with its cell format (`style`: `" s="3"><v>`). */
  numberCell(column: Uint8Array, value: number, style: Uint8Array): void {
    const digits = Number.isSafeInteger(value) && value >= 0 ? null : String(value);
    this.room(column.length + this.rowLength + style.length + (digits?.length ?? 16) + NUMBER_CLOSE.length);
    this.put(column);
    this.putRow();
    this.put(style);
    if (digits === null) this.pos = writeDigits(this.buf, this.pos, value);
    else for (let i = 0; i < digits.length; i++) this.buf[this.pos++] = digits.charCodeAt(i);
    this.put(NUMBER_CLOSE);
  }

  /** An amount in minor units as a number cell in major units, exactly ("1234.50"). */
  minorUnitsCell(column: Uint8Array, minor: number, style: Uint8Array): void {
    if (!Number.isSafeInteger(minor)) {
      this.numberCell(column, minor / 100, style);
      return;
    }
    this.room(column.length + this.rowLength + style.length + 24 + NUMBER_CLOSE.length);
    this.put(column);
    this.putRow();
    this.put(style);
    const buf = this.buf;
    if (minor < 0) buf[this.pos++] = 45; // -
    const abs = Math.abs(minor);
    this.pos = writeDigits(buf, this.pos, Math.floor(abs / 100));
    buf[this.pos++] = 46; // .
    const cents = abs % 100;
    buf[this.pos++] = 48 + Math.floor(cents / 10);
    buf[this.pos++] = 48 + (cents % 10);
    this.put(NUMBER_CLOSE);
  }

  /** `value` as escaped, UTF-8 encoded XML character data (room made by the caller). */
  private putText(value: string): void {
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x80) {
        if (PLAIN[c]) buf[pos++] = c;
        else {
          const entity = ENTITY[c];
          if (entity) for (let k = 0; k < entity.length; k++) buf[pos++] = entity[k]!;
        }
      } else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const next = value.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const code = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buf[pos++] = 0xf0 | (code >> 18);
          buf[pos++] = 0x80 | ((code >> 12) & 0x3f);
          buf[pos++] = 0x80 | ((code >> 6) & 0x3f);
          buf[pos++] = 0x80 | (code & 0x3f);
          i++;
        }
      } else if (c < 0xfffe) {
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      }
    }
    this.pos = pos;
  }

  /** Plain character data, as `xmlText` gives it. */
  text(value: string): void {
    this.room(value.length * 6);
    this.putText(value);
  }
}

const ROW_OPEN = ascii('<row r="');
const TAG_END = ascii('">');
const ROW_CLOSE = ascii('</row>');
const TEXT_OPEN = ascii('" t="inlineStr"><is><t>');
const TEXT_OPEN_PRESERVE = ascii('" t="inlineStr"><is><t xml:space="preserve">');
const TEXT_CLOSE = ascii('</t></is></c>');
const NUMBER_CLOSE = ascii('</v></c>');

/** `value` as XML character data (also safe in a double-quoted attribute): as the cells get it. */
export function xmlText(value: string): string {
  let out = '';
  const xml = new SheetXml(new ChunkPool(), (chunk, length) => (out += chunk.toString('utf8', 0, length)));
  xml.text(value);
  xml.flush();
  return out;
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
  /** `" s="2"><v>`: what a number cell in that format starts with after its reference. */
  readonly date = Styles.cellStart(2);
  readonly dateTime = Styles.cellStart(3);
  private readonly currencies = new Map<string, Uint8Array>();

  private static cellStart(index: number): Uint8Array {
    return ascii(`" s="${index}"><v>`);
  }

  /** The cell start of an amount in `currency`. */
  money(currency: string): Uint8Array {
    let start = this.currencies.get(currency);
    if (start === undefined) {
      start = Styles.cellStart(this.formats.push(amountFormat(currency)) + 1);
      this.currencies.set(currency, start);
    }
    return start;
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
  xml: SheetXml;
  styles: Styles;
  wallClock: (instantMs: number) => number;
}

interface Column {
  header: string;
  width: number;
  /** Writes the row's cell in this column, or nothing for an empty one. `ref` is `<c r="B`. */
  write: (r: ExportRowWithTotals, ctx: CellContext, ref: Uint8Array) => void;
}

/** Customer- or staff-typed text; null and '' are no cell. */
const text =
  (value: (order: ExportRow) => string | null) =>
  (r: ExportRowWithTotals, { xml }: CellContext, ref: Uint8Array) => {
    const v = value(r.order);
    if (v) xml.textCell(ref, v);
  };

/** Status, priority and type: a handful of values, each cell's tail encoded once. */
const labelled = (value: (order: ExportRow) => string) => {
  const tails = new Map<string, Uint8Array>();
  return (r: ExportRowWithTotals, { xml }: CellContext, ref: Uint8Array) => {
    const v = value(r.order);
    let tail = tails.get(v);
    if (tail === undefined) {
      tail = Buffer.from(`" t="inlineStr"><is><t>${xmlText(label(v))}</t></is></c>`);
      tails.set(v, tail);
    }
    xml.fixedCell(ref, tail);
  };
};

/** A date and time cell in the partner's wall-clock time. */
const instant =
  (value: (order: ExportRow) => number | null) =>
  (r: ExportRowWithTotals, { xml, styles, wallClock }: CellContext, ref: Uint8Array) => {
    const v = value(r.order);
    if (v !== null) xml.numberCell(ref, serial(wallClock(v)), styles.dateTime);
  };

/**
 * A money cell: one currency is a number cell in major units with the currency in its format
 * (the column still sums), several are text ("1,250.00 NOK + 40.00 EUR"), none is no cell.
 */
const money =
  (value: (r: ExportRowWithTotals) => Money[]) =>
  (r: ExportRowWithTotals, { xml, styles }: CellContext, ref: Uint8Array) => {
    const amounts = value(r);
    const [first] = amounts;
    if (!first) return;
    if (amounts.length === 1) {
      xml.minorUnitsCell(ref, first.amountMinor, styles.money(first.currency));
      return;
    }
    const each = (m: Money) =>
      `${major(m.amountMinor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency}`;
    xml.textCell(ref, amounts.map(each).join(' + '));
  };

const COLUMNS: Column[] = [
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
  {
    header: 'Scheduled date',
    width: 14,
    // A calendar date, no time zone: midnight of that day.
    write: (r, { xml, styles }, ref) => {
      if (r.order.scheduledDate) xml.numberCell(ref, serial(Date.parse(r.order.scheduledDate)), styles.date);
    },
  },
  { header: 'Created', width: 17, write: instant((o) => o.createdAtMs) },
  { header: 'Completed', width: 17, write: instant((o) => o.completedAtMs) },
  {
    header: 'Estimated cost',
    width: 16,
    write: (r, { xml, styles }, ref) => {
      const cost = r.order.estimatedCost;
      if (cost !== null) xml.minorUnitsCell(ref, cost, styles.money(r.order.currency));
    },
  },
  { header: 'Labour', width: 16, write: money((r) => r.labour) },
  { header: 'Parts', width: 16, write: money((r) => r.parts) },
  { header: 'Total', width: 16, write: money((r) => r.total) },
];
const INTERNAL_NOTES: Column = {
  header: 'Internal notes',
  width: 50,
  write: text((o) => o.internalNotes),
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
    .map(
      (c, i) =>
        `<c r="${columnLetters(i + 1)}1" s="${Styles.HEADER}" t="inlineStr"><is><t>${xmlText(c.header)}</t></is></c>`,
    )
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
const SHEET_END = ascii('</sheetData></worksheet>');

/**
 * zlib's fastest level: the sheet's XML still shrinks ≈ 8×, for a fraction of level 6's CPU.
 */
const COMPRESSION_LEVEL = 1;
/**
 * How much sheet XML may wait for the compressor before the writer stops taking batches. Deep on
 * purpose: while the writer waits, the batch fetched ahead waits too, on the JavaScript heap, and
 * idle-time young-generation collections then promote its rows to the old generation (≈ 1 KB a
 * row that only a full collection frees: the heap grew with the export's size). Waiting XML is
 * in Buffers, outside the heap, and the writer rarely waits at all.
 */
const SHEET_BUFFER_BYTES = 8 << 20;
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

  /** Deflates `bytes`; `done` runs once the deflater has read them (the buffer may be reused). */
  write(bytes: Buffer, done: () => void): void {
    if (this.size + bytes.length > ZIP32_MAX) throw new Error('the sheet has outgrown a zip without ZIP64');
    this.size += bytes.length;
    this.crc = zlib.crc32(bytes, this.crc);
    this.deflate.write(bytes, done);
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
 * (one sheet of inline strings, nothing kept per row), deflated as it goes. The writer waits when
 * more than SHEET_BUFFER_BYTES of XML are queued for the compressor, and the compressor when `out`
 * is full, so memory stays bounded whatever the row count. Stops, without error, when `out` goes
 * away (the client hung up).
 */
export async function writeOrdersWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRowWithTotals[]>,
  options: WorkbookOptions,
): Promise<void> {
  const columns = options.includeInternalNotes ? [...COLUMNS, INTERNAL_NOTES] : COLUMNS;
  const refs = columns.map((_, i) => ascii(`<c r="${columnLetters(i + 1)}`));
  const mtime = new Date();
  const sheet = new DeflatedEntry('xl/worksheets/sheet1.xml', mtime);
  const pool = new ChunkPool();
  const ctx: CellContext = {
    xml: new SheetXml(pool, (chunk, length) =>
      sheet.write(chunk.subarray(0, length), () => pool.give(chunk)),
    ),
    styles: new Styles(),
    wallClock: wallClockOf(options.timeZone),
  };

  let gone = false;
  let failed: Error | null = null;
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

  try {
    const { xml } = ctx;
    xml.bytes(Buffer.from(sheetStart(columns)));
    let rowNumber = 1;
    // A batch is written in one go (no waiting inside it) and the next one taken as soon as it
    // is there, so that rows live briefly; the compressor's buffer may run a batch over its mark,
    // and only then does the writer wait for it to drain.
    for await (const batch of batches) {
      for (const r of batch) {
        xml.startRow(++rowNumber);
        for (let i = 0; i < columns.length; i++) columns[i]!.write(r, ctx, refs[i]!);
        xml.endRow();
      }
      if (sheet.deflate.writableNeedDrain && !gone && !failed) await drained();
      // The client hung up, or the compressor failed: stop reading (the batches close).
      if (gone || failed) break;
    }
    if (!gone && !failed) {
      xml.bytes(SHEET_END);
      xml.flush();
      sheet.deflate.end();
    }
    await finished;
  } finally {
    out.off('close', stop);
    out.off('error', stop);
  }
}
