// SpreadsheetML character data and cells, written as bytes (docs/decisions/012-hand-written-xlsx.md).

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab / carriage return that hides
 * one) as a formula. Customer-typed text ends up in these cells, so such text gets a leading
 * apostrophe and stays text (OWASP "CSV injection").
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !isPhoneNumber(value) ? `'${value}` : value;
}

/**
 * "+47 912 34 567": a plus, digits, spaces, brackets, dashes and dots only. Even typed again into
 * a cell it can call no function and reference nothing, so it is written as it is (issue 18: the
 * apostrophe showed in the customer's phone number).
 */
export function isPhoneNumber(value: string): boolean {
  return /^\+\d[\d ()\-.]*$/.test(value);
}

/** Bytes of an ASCII string. */
export const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

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
export class ChunkPool {
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
export class SheetXml {
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
    if (isFormulaStart(value.charCodeAt(0)) && !isPhoneNumber(value)) this.buf[this.pos++] = 39; // '
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

  /**
   * A date serial (whole days) plus `seconds` (a whole number, 0–86,399) into that day, as a
   * number cell: "46000" or "46000.5" or "46000.5104166667". The fraction is written to ten
   * decimals (within 9 µs of the second, which any reader rounds back to), trailing zeros
   * dropped: `String(days + seconds / 86400)` cost ≈ 1 µs a cell, a third of a date column's time.
   */
  serialCell(column: Uint8Array, days: number, seconds: number, style: Uint8Array): void {
    this.room(column.length + this.rowLength + style.length + 32 + NUMBER_CLOSE.length);
    this.put(column);
    this.putRow();
    this.put(style);
    const buf = this.buf;
    this.pos = writeDigits(buf, this.pos, days);
    if (seconds > 0) {
      // seconds × 10^10 / 86,400 in integers: exact below 2^53, and never a tie (64,000 s ≢ 43,200).
      let fraction = Math.round((seconds * 10_000_000_000) / 86_400);
      let digits = 10;
      while (fraction % 10 === 0) {
        fraction /= 10;
        digits--;
      }
      buf[this.pos++] = 46; // .
      for (let i = this.pos + digits - 1; i >= this.pos; i--) {
        buf[i] = 48 + (fraction % 10);
        fraction = Math.floor(fraction / 10);
      }
      this.pos += digits;
    }
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
export function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
