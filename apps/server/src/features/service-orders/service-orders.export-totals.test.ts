import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsColumn, Styles, wallClockOf } from '../../integrations/xlsx/workbook.ts';
import { ascii, ChunkPool, SheetXml } from '../../integrations/xlsx/sheet-xml.ts';
import type { ExportRow } from './service-orders.export.repository.ts';
import { orderTotals, totalsColumn } from './service-orders.export.ts';

// The export's money columns read one amount in the order's currency straight from the totals
// text; whatever the texts hold, the cells must be the ones the long way (lists per currency,
// summed) writes.

const REF = ascii('<c r="O');

/** One writer for every cell written here (a new one takes a 64 KB chunk); `out` is reset per use. */
let out = '';
const xml = new SheetXml(new ChunkPool(), (chunk, length) => (out += chunk.toString('utf8', 0, length)));

function cells(write: (ctx: { xml: SheetXml; styles: Styles; wallClock: (ms: number) => number }) => void) {
  out = '';
  // A fresh Styles each time: each cell's money format is then the first one (s="4").
  const ctx = { xml, styles: new Styles(), wallClock: wallClockOf('Europe/Oslo') };
  xml.startRow(2);
  write(ctx);
  xml.flush();
  return out;
}

const currency = fc.constantFrom('NOK', 'EUR', 'USD');
/** A totals text as the triggers write it: currencies unique and in order, or null. */
const totals = fc.option(
  fc
    .uniqueArray(fc.tuple(currency, fc.integer({ min: -5_000_000, max: 9_000_000_000 })), {
      minLength: 1,
      maxLength: 3,
      selector: ([c]) => c,
    })
    .map((list) =>
      list
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, amount]) => `${c} ${amount}`)
        .join(' '),
    ),
);

describe("the export's money columns", () => {
  it('write what the long way writes, for any totals', () => {
    fc.assert(
      fc.property(currency, totals, totals, (own, labour, parts) => {
        const order = { currency: own, labourTotals: labour, partsTotals: parts } as unknown as ExportRow;
        for (const which of ['labour', 'parts', 'total'] as const) {
          const fast = cells((ctx) => totalsColumn(which)(order, ctx, REF));
          const longWay = cells((ctx) =>
            amountsColumn<ExportRow>((o) => orderTotals(o)[which])(order, ctx, REF),
          );
          expect(fast).toBe(longWay);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("show 0 in the order's currency for nothing, and a sum in one currency as a number", () => {
    const order = { currency: 'NOK', labourTotals: null, partsTotals: 'NOK 378000' } as unknown as ExportRow;
    expect(cells((ctx) => totalsColumn('labour')(order, ctx, REF))).toContain('<v>0.00</v>');
    expect(cells((ctx) => totalsColumn('total')(order, ctx, REF))).toContain('<v>3780.00</v>');
    const mixed = { currency: 'NOK', labourTotals: 'NOK 95000', partsTotals: 'EUR 2500 NOK 378000' };
    expect(orderTotals(mixed as unknown as ExportRow).total).toEqual([
      { currency: 'NOK', amountMinor: 473_000 },
      { currency: 'EUR', amountMinor: 2_500 },
    ]);
  });
});
