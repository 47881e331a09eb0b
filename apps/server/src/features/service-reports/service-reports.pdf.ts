import { createHash } from 'node:crypto';
import {
  beginText,
  endText,
  moveText,
  PDFContentStream,
  PDFDocument,
  PDFHexString,
  rgb,
  setFontAndSize,
  showText,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import sharp from 'sharp';
import type { ReportContent, ReportEvent, ReportLanguage } from '@service-portal/shared/service-reports';
import { reportTexts, type ReportTexts } from './service-reports.messages.ts';

/** What the PDF needs besides the content the phone showed. */
export interface ReportPdfInput {
  content: ReportContent;
  language: ReportLanguage;
  /** The partner's logo (PNG or JPEG), when the partner has one; else the name is printed large. */
  logo: Uint8Array | null;
  /** The customer's photos, read one at a time (bounded memory). */
  photos: AsyncIterable<Buffer>;
  signerName: string;
  signature: { kind: 'drawn'; png: Buffer } | { kind: 'typed' };
  events: ReportEvent[];
}

const W = 595;
const H = 842;
const M = 48;
const PHOTO_MAX_PX = 640;
/** The logo's box in the header (points); the logo is scaled into it, aspect kept. */
const LOGO_BOX = { width: 180, height: 56 };
const CONTACT_SIZE = 9;
const CONTACT_WIDTH = 230;
const HASH_CHARS = 64;
const hexOfAscii = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
const PLACEHOLDER_HEX = hexOfAscii('X'.repeat(HASH_CHARS));
/** The hash's text operand in the last page's uncompressed content stream. */
const HASH_OPERAND = /<((?:3[0-9]|6[1-6]){64})>\s*Tj/g;

// Helvetica's WinAnsi covers Norwegian and Spanish letters; anything else is replaced so a name in
// another script cannot break the report (docs/decisions/060-signed-service-report.md).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\u2212]/g, '-').replace(/[\u202f\u2009\u2007]/g, ' ')) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n' || ch === '\t') out += ' ';
    else out += '?';
  }
  return out;
}

/** The report's SHA-256 as the file itself states it, recomputed: null when it does not verify. */
export function verifyReportHash(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes).toString('latin1');
  const matches = [...text.matchAll(HASH_OPERAND)];
  if (matches.length !== 1 || !matches[0]?.[1]) return null;
  const operand = matches[0][1];
  const printed = Buffer.from(operand, 'hex').toString('latin1');
  const start = (matches[0].index ?? 0) + 1;
  const copy = Buffer.from(bytes);
  copy.write(PLACEHOLDER_HEX, start, 'latin1');
  return sha256(copy) === printed ? printed : null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

class Layout {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([W, H]);
    this.pages.push(this.page);
    this.y = H - M;
  }
  /** Starts a new page unless `height` fits on this one. */
  ensure(height: number) {
    if (this.y - height < M) this.newPage();
  }
  text(value: string, opts: { x?: number; size?: number; bold?: boolean; gap?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    for (const line of this.wrap(printable(value), font, size, W - M - (opts.x ?? M))) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: opts.x ?? M, y: this.y - size, size, font });
      this.y -= size + 4;
    }
    this.y -= opts.gap ?? 0;
  }
  row(cells: string[], xs: number[], opts: { bold?: boolean; size?: number } = {}) {
    const size = opts.size ?? 9;
    this.ensure(size + 4);
    const font = opts.bold ? this.bold : this.font;
    cells.forEach((cell, i) => {
      const maxWidth = (xs[i + 1] ?? W - M) - (xs[i] ?? M) - 6;
      let t = printable(cell);
      while (t.length > 1 && font.widthOfTextAtSize(t, size) > maxWidth) t = t.slice(0, -1);
      this.page.drawText(t, { x: xs[i] ?? M, y: this.y - size, size, font });
    });
    this.y -= size + 5;
  }
  heading(value: string) {
    this.ensure(40);
    this.y -= 8;
    this.text(value, { size: 12, bold: true, gap: 2 });
  }
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }
}

/** The text cut (with an ellipsis) to fit `width`. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

function money(t: ReportTexts, minor: number, currency: string): string {
  return new Intl.NumberFormat(t.locale, { style: 'currency', currency }).format(minor / 100);
}

export function formatTime(t: ReportTexts, at: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(at),
  );
}

async function embedLogo(doc: PDFDocument, logo: Uint8Array | null): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    return logo[0] === 0x89 ? await doc.embedPng(logo) : await doc.embedJpg(logo);
  } catch {
    return null;
  }
}

/**
 * The signed report as a PDF (pdf-lib, standard Helvetica): content pages, the totals with the
 * signature on one page, and a last page with the events and the document's SHA-256.
 */
export async function buildReportPdf(input: ReportPdfInput): Promise<{ bytes: Uint8Array; sha256: string }> {
  const t = reportTexts(input.language);
  const c = input.content;
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`${t.title} ${c.orderNumber}`));
  doc.setProducer('Service Portal');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const L = new Layout(doc, font, bold);

  // Header: the logo (scaled into its box, aspect kept), else the partner's name; the partner's
  // contact details on the right (decision 077).
  const top = L.y;
  const logo = await embedLogo(doc, input.logo);
  let leftHeight: number;
  if (logo) {
    const scale = Math.min(LOGO_BOX.height / logo.height, LOGO_BOX.width / logo.width);
    L.page.drawImage(logo, {
      x: M,
      y: top - logo.height * scale,
      width: logo.width * scale,
      height: logo.height * scale,
    });
    leftHeight = logo.height * scale;
  } else {
    const size = 18;
    const name = fitted(printable(c.partnerName), bold, size, W - 2 * M - CONTACT_WIDTH - 12);
    L.page.drawText(name, { x: M, y: top - size, size, font: bold });
    leftHeight = size + 4;
  }
  const contact = c.partnerContact;
  const contactLines: { text: string; bold: boolean }[] = [
    ...(logo ? [{ text: c.partnerName, bold: true }] : []),
    ...[
      contact.address,
      contact.phone && `${t.phone}: ${contact.phone}`,
      contact.email && `${t.email}: ${contact.email}`,
      contact.website,
    ]
      .filter((line): line is string => !!line)
      .map((text) => ({ text, bold: false })),
  ];
  let rightY = top;
  for (const line of contactLines) {
    const font = line.bold ? bold : L.font;
    const text = fitted(printable(line.text), font, CONTACT_SIZE, CONTACT_WIDTH);
    const width = font.widthOfTextAtSize(text, CONTACT_SIZE);
    L.page.drawText(text, { x: W - M - width, y: rightY - CONTACT_SIZE, size: CONTACT_SIZE, font });
    rightY -= CONTACT_SIZE + 3;
  }
  L.y = Math.min(top - leftHeight, rightY) - 10;
  L.text(`${t.title} - ${t.order} ${c.orderNumber}`, { size: 14, bold: true, gap: 8 });

  L.heading(t.customer);
  L.text(c.customer.name);
  for (const line of [c.customer.address, c.customer.email, c.customer.phone]) if (line) L.text(line);
  L.heading(t.product);
  L.text(c.title);
  L.text(`${t.serialNumber}: ${c.serialNumber ?? '-'}`);
  if (c.completionNotes) {
    L.heading(t.completionNotes);
    L.text(c.completionNotes);
  }

  L.heading(t.checkpoints);
  if (c.checkpoints.length === 0) L.text(t.none);
  for (const cp of c.checkpoints) {
    const answer = cp.answer ? (t.labels[cp.answer] ?? cp.answer) : '-';
    L.text(`${t.labels[cp.key] ?? cp.key}: ${answer}${cp.details ? ` (${cp.details})` : ''}`);
  }

  L.heading(t.parts);
  const partX = [M, M + 90, M + 270, M + 310, M + 400];
  if (c.parts.length === 0) L.text(t.none);
  else L.row(t.partColumns, partX, { bold: true });
  for (const p of c.parts) {
    L.row(
      [
        p.partNumber,
        p.partName,
        String(p.quantity),
        money(t, p.unitCostMinor, p.currency),
        money(t, p.lineMinor, p.currency),
      ],
      partX,
    );
  }

  L.heading(t.workLogs);
  const workX = [M, M + 200, M + 330, M + 400];
  if (c.workLogs.length === 0) L.text(t.none);
  else L.row(t.workColumns, workX, { bold: true });
  for (const w of c.workLogs) {
    const what = `${t.labels[w.category] ?? w.category}${w.description ? `: ${w.description}` : ''}`;
    L.row([what, w.userName ?? '', t.minutes(w.billedMinutes), money(t, w.costMinor, w.currency)], workX);
  }

  // Photos, two to a row, each read, scaled and embedded before the next is read.
  let column = 0;
  let first = true;
  const boxW = (W - 2 * M - 12) / 2;
  const boxH = 180;
  for await (const photo of input.photos) {
    if (first) {
      L.heading(t.photos);
      first = false;
    }
    const jpeg = await sharp(photo)
      .rotate()
      .resize({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
    const image = await doc.embedJpg(jpeg);
    if (column === 0) L.ensure(boxH + 8);
    const scale = Math.min(boxW / image.width, boxH / image.height);
    L.page.drawImage(image, {
      x: M + column * (boxW + 12),
      y: L.y - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
    column = (column + 1) % 2;
    if (column === 0) L.y -= boxH + 8;
  }
  if (column === 1) L.y -= boxH + 8;

  // Totals and the signature block together: if both do not fit, both move to the next page.
  const totalsHeight = 40 + c.totals.length * 5 * 15;
  const signatureHeight = 150;
  L.ensure(totalsHeight + signatureHeight);
  L.heading(t.totals);
  const totX = [M, M + 300];
  const percent = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 }).format(c.vatRate * 100);
  for (const tot of c.totals) {
    L.row([t.labour, money(t, tot.labourMinor, tot.currency)], totX, { size: 10 });
    L.row([t.partsTotal, money(t, tot.partsMinor, tot.currency)], totX, { size: 10 });
    L.row([t.net, money(t, tot.netMinor, tot.currency)], totX, { size: 10 });
    L.row([t.vat(percent), money(t, tot.vatMinor, tot.currency)], totX, { size: 10 });
    L.row([t.gross, money(t, tot.grossMinor, tot.currency)], totX, { size: 10, bold: true });
  }
  L.heading(t.signature);
  const signedEvent = input.events.find((e) => e.kind === 'signed');
  if (input.signature.kind === 'drawn') {
    const image = await doc.embedPng(input.signature.png);
    const scale = Math.min(220 / image.width, 70 / image.height);
    L.page.drawImage(image, {
      x: M,
      y: L.y - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
    L.y -= 74;
  } else {
    L.page.drawText(printable(input.signerName), { x: M, y: L.y - 22, size: 20, font: italic });
    L.y -= 28;
    L.text(t.typedSignature, { size: 8 });
  }
  L.page.drawLine({
    start: { x: M, y: L.y },
    end: { x: M + 260, y: L.y },
    thickness: 0.5,
    color: rgb(0.3, 0.3, 0.3),
  });
  L.y -= 4;
  L.text(`${t.signedBy}: ${input.signerName}`);
  if (signedEvent) L.text(`${t.signedAt}: ${formatTime(t, signedEvent.at, c.timeZone)}`);

  // The last page: the events and the hash.
  L.newPage();
  L.text(t.eventsTitle, { size: 14, bold: true, gap: 6 });
  L.text(`${t.timeZone} ${c.timeZone}`, { size: 9, gap: 4 });
  for (const e of input.events)
    L.row([formatTime(t, e.at, c.timeZone), t.events[e.kind]], [M, M + 150], { size: 10 });
  L.y -= 12;
  L.text(t.hashTitle, { bold: true });
  // The hash goes in a content stream of its own, uncompressed, so that it can be written in place
  // once the bytes around it are final.
  const page = L.page;
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  const hashOps = [
    beginText(),
    setFontAndSize(fontKey, 9),
    moveText(M, L.y - 9),
    showText(PDFHexString.of(PLACEHOLDER_HEX)),
    endText(),
  ];
  page.node.addContentStream(doc.context.register(PDFContentStream.of(doc.context.obj({}), hashOps, false)));
  L.y -= 16;
  L.text(t.hashScheme, { size: 8 });

  const total = L.pages.length;
  L.pages.forEach((p, i) =>
    p.drawText(printable(t.page(i + 1, total)), { x: W - M - 70, y: M / 2, size: 8, font }),
  );

  const bytes = Buffer.from(await doc.save());
  const text = bytes.toString('latin1');
  const at = text.indexOf(`<${PLACEHOLDER_HEX}>`);
  if (at < 0 || text.indexOf(`<${PLACEHOLDER_HEX}>`, at + 1) >= 0)
    throw new Error('report hash placeholder not unique');
  const hash = sha256(bytes);
  bytes.write(hexOfAscii(hash), at + 1, 'latin1');
  return { bytes, sha256: hash };
}
