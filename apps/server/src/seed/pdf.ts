import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** A page of a demo PDF: a heading and its paragraphs. */
export interface PdfSection {
  heading: string;
  paragraphs: string[];
}

/** A real, multi-page PDF with selectable text (pdf-lib, standard Helvetica: Latin-1 letters). */
export async function makePdf(title: string, sections: PdfSection[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Service Portal demo data');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 595;
  const height = 842;
  const margin = 56;
  const size = 11;
  const lineHeight = 15;

  let page = doc.addPage([width, height]);
  let y = height - margin;
  page.drawText(title, { x: margin, y, size: 18, font: bold, color: rgb(0.1, 0.2, 0.4) });
  y -= 34;

  const wrap = (text: string): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width - 2 * margin && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };

  for (const [index, section] of sections.entries()) {
    if (index > 0) {
      // Each section on a page of its own: the search finds words on any page.
      page = doc.addPage([width, height]);
      y = height - margin;
    }
    page.drawText(section.heading, { x: margin, y, size: 14, font: bold });
    y -= 24;
    for (const paragraph of section.paragraphs) {
      for (const line of wrap(paragraph)) {
        if (y < margin) {
          page = doc.addPage([width, height]);
          y = height - margin;
        }
        page.drawText(line, { x: margin, y, size, font });
        y -= lineHeight;
      }
      y -= 8;
    }
  }
  return Buffer.from(await doc.save());
}
