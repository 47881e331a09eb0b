import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascii, ChunkPool, SheetXml } from './sheet-xml.ts';

// The date cells' serial numbers, written without String(number): what a reader parses must be
// the instant to the millisecond, as the plain number was.

const REF = ascii('<c r="L');
const STYLE = ascii('" s="3"><v>');

/** One writer for every cell written here (a new one takes a 64 KB chunk); `out` is reset per use. */
let out = '';
const writer = new SheetXml(new ChunkPool(), (chunk, length) => (out += chunk.toString('utf8', 0, length)));

function cell(write: (xml: SheetXml) => void): string {
  out = '';
  writer.startRow(7);
  write(writer);
  writer.flush();
  return out;
}

const valueOf = (xml: string) => /<v>([^<]*)<\/v>/.exec(xml)![1]!;

describe('serialCell', () => {
  it('writes whole days without a fraction and simple fractions short', () => {
    expect(valueOf(cell((x) => x.serialCell(REF, 46_000, 0, STYLE)))).toBe('46000');
    expect(valueOf(cell((x) => x.serialCell(REF, 46_000, 43_200, STYLE)))).toBe('46000.5');
    expect(valueOf(cell((x) => x.serialCell(REF, 46_000, 21_600, STYLE)))).toBe('46000.25');
    expect(valueOf(cell((x) => x.serialCell(REF, 46_000, 1, STYLE)))).toBe('46000.0000115741');
    expect(cell((x) => x.serialCell(REF, 46_000, 60, STYLE))).toBe(
      '<row r="7"><c r="L7" s="3"><v>46000.0006944444</v></c>',
    );
  });

  it('reads back as the same second as days + seconds / 86,400 does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_958_465 }),
        fc.integer({ min: 0, max: 86_399 }),
        (days, seconds) => {
          const written = Number(valueOf(cell((x) => x.serialCell(REF, days, seconds, STYLE))));
          const exact = days + seconds / 86_400;
          // Within the decimal's last place, or the double's own precision at year 9999 (4.7e-10 days).
          expect(Math.abs(written - exact)).toBeLessThan(1e-9);
          // As readers turn a serial into an instant (ExcelJS: Math.round of the milliseconds).
          expect(Math.round((written - 25_569) * 86_400_000)).toBe(Math.round((exact - 25_569) * 86_400_000));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
