import type { TransformOptions, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Zip, ZipPassThrough, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { ascii, ChunkPool, columnLetters, SheetXml, xmlText } from './sheet-xml.ts';

// An .xlsx of one sheet, streamed: the package (zip, static parts, styles), the column kinds and
// dates in a zone's wall-clock time. Why hand-written: docs/decisions/012-hand-written-xlsx.md.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const amountFormat = (currency: string) => `#,##0.00 "${currency}"`;
const major = (minor: number) => minor / 100;

/**
 * The cell formats (styles.xml's cellXfs): 0 plain, 1 bold header, 2 date, 3 date and time, then
 * one amount format per currency in the order the rows need them (styles.xml is written after
 * the sheet).
 */
export class Styles {
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

export interface CellContext {
  xml: SheetXml;
  styles: Styles;
  wallClock: (instantMs: number) => number;
}

/** A column of the sheet: its header, its width (in characters) and how a row's cell is written. */
export interface Column<T> {
  header: string;
  width: number;
  /** Writes the row's cell in this column, or nothing for an empty one. `ref` is `<c r="B`. */
  write: (row: T, ctx: CellContext, ref: Uint8Array) => void;
}

/** Text (customer- or staff-typed); null and '' are no cell. */
export const textColumn =
  <T>(value: (row: T) => string | null) =>
  (row: T, { xml }: CellContext, ref: Uint8Array) => {
    const v = value(row);
    if (v) xml.textCell(ref, v);
  };

/** One of a handful of values (a status, a type), shown as `show` gives it; each cell's tail encoded once. */
export const labelColumn = <T>(value: (row: T) => string, show: (value: string) => string) => {
  const tails = new Map<string, Uint8Array>();
  return (row: T, { xml }: CellContext, ref: Uint8Array) => {
    const v = value(row);
    let tail = tails.get(v);
    if (tail === undefined) {
      tail = Buffer.from(`" t="inlineStr"><is><t>${xmlText(show(v))}</t></is></c>`);
      tails.set(v, tail);
    }
    xml.fixedCell(ref, tail);
  };
};

/**
 * A wall-clock time (ms, as if UTC) as a serial-number cell: whole seconds on or after 1900 as
 * whole days and seconds (the fast path), anything else as the plain number.
 */
function writeSerial(xml: SheetXml, ref: Uint8Array, wallMs: number, style: Uint8Array): void {
  const day = Math.floor(wallMs / DAY_MS);
  const seconds = (wallMs - day * DAY_MS) / 1000;
  if (Number.isInteger(seconds) && day + EXCEL_EPOCH_DAYS > 0 && Number.isSafeInteger(wallMs))
    xml.serialCell(ref, day + EXCEL_EPOCH_DAYS, seconds, style);
  else xml.numberCell(ref, serial(wallMs), style);
}

/** A calendar date (YYYY-MM-DD, no time zone): midnight of that day. */
export const dateColumn =
  <T>(value: (row: T) => string | null) =>
  (row: T, { xml, styles }: CellContext, ref: Uint8Array) => {
    const v = value(row);
    if (v) writeSerial(xml, ref, Date.parse(v), styles.date);
  };

/** A date and time cell in the wall-clock time of the workbook's time zone. */
export const instantColumn =
  <T>(value: (row: T) => number | null) =>
  (row: T, { xml, styles, wallClock }: CellContext, ref: Uint8Array) => {
    const v = value(row);
    if (v !== null) writeSerial(xml, ref, wallClock(v), styles.dateTime);
  };

/** An amount in minor units: a number cell in major units, the currency in its format. */
export const amountColumn =
  <T>(value: (row: T) => number | null, currency: (row: T) => string) =>
  (row: T, { xml, styles }: CellContext, ref: Uint8Array) => {
    const v = value(row);
    if (v !== null) xml.minorUnitsCell(ref, v, styles.money(currency(row)));
  };

/** An amount of money in minor units of its currency. */
export interface Amount {
  currency: string;
  amountMinor: number;
}

/**
 * Amounts in several currencies: one currency is a number cell in major units with the currency
 * in its format (the column still sums), several are text ("1,250.00 NOK + 40.00 EUR"), none is
 * no cell.
 */
export const amountsColumn =
  <T>(value: (row: T) => readonly Amount[]) =>
  (row: T, { xml, styles }: CellContext, ref: Uint8Array) => {
    const amounts = value(row);
    const [first] = amounts;
    if (!first) return;
    if (amounts.length === 1) {
      xml.minorUnitsCell(ref, first.amountMinor, styles.money(first.currency));
      return;
    }
    const each = (m: Amount) =>
      `${major(m.amountMinor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency}`;
    xml.textCell(ref, amounts.map(each).join(' + '));
  };

// --- the package ---------------------------------------------------------------------------------

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts that do not depend on the rows: content types, relationships, the workbook. */
const staticParts = (sheetName: string): [name: string, xml: string][] => [
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
      `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
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
function sheetStart(columns: readonly Column<never>[]): string {
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

export interface WorkbookOptions<T> {
  /** The one sheet's name (at most 31 characters, none of : \\ / ? * [ ]). */
  sheetName: string;
  columns: readonly Column<T>[];
  /** The zone whose wall-clock time the date-and-time cells show. */
  timeZone: string;
}

/**
 * Streams the orders into an .xlsx on `out`, one batch at a time: SpreadsheetML written directly
 * (one sheet of inline strings, nothing kept per row), deflated as it goes. The writer waits when
 * more than SHEET_BUFFER_BYTES of XML are queued for the compressor, and the compressor when `out`
 * is full, so memory stays bounded whatever the row count. Stops, without error, when `out` goes
 * away (the client hung up).
 */
export async function writeWorkbook<T>(
  out: Writable,
  batches: AsyncIterable<readonly T[]>,
  options: WorkbookOptions<T>,
): Promise<void> {
  const { columns } = options;
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
    for (const [name, xml] of staticParts(options.sheetName))
      addPart(zip, name, XML_DECLARATION + xml, mtime);
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
