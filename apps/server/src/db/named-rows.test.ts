import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database } from './client.ts';
import { isoInstant, namedRows } from './named-rows.ts';

const viaDate = (text: string) => (pg.types.getTypeParser(1184, 'text')(text) as Date).toISOString();

describe('isoInstant', () => {
  it('writes what the Date parser and toISOString write, for every fraction length', () => {
    const texts = [
      '2026-11-28 11:29:20+00',
      '2026-11-28 11:29:20.5+00',
      '2026-11-28 11:29:20.59+00',
      '2026-11-28 11:29:20.594+00',
      '2026-11-28 11:29:20.5949+00',
      '2026-11-28 11:29:20.999999+00',
      '2026-11-28 00:00:00.000001+00',
      '1970-01-01 00:00:00+00',
      '0999-12-31 23:59:59.9+00',
    ];
    for (const text of texts) expect(isoInstant(text), text).toBe(viaDate(text));
    expect(isoInstant('2026-11-28 11:29:20.5949+00')).toBe('2026-11-28T11:29:20.594Z');
  });

  it('turns another offset, a year past 9999 and BC into UTC through the Date parser', () => {
    expect(isoInstant('2026-11-28 12:29:20.5+01')).toBe('2026-11-28T11:29:20.500Z');
    expect(isoInstant('2026-11-28 16:59:20+05:30')).toBe('2026-11-28T11:29:20.000Z');
    expect(isoInstant('2026-11-28 03:29:20.123456-08')).toBe('2026-11-28T11:29:20.123Z');
    for (const text of ['12026-11-28 11:29:20+00', '0044-03-15 12:00:00+00 BC'])
      expect(isoInstant(text), text).toBe(viaDate(text));
  });

  it('agrees with the Date parser over many random instants', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const d = new Date(
        Date.UTC(
          1900 + (next() % 200),
          next() % 12,
          1 + (next() % 28),
          next() % 24,
          next() % 60,
          next() % 60,
        ),
      );
      const micros = String(next() % 1_000_000)
        .padStart(6, '0')
        .replace(/0+$/, '');
      const text = `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)}${micros ? `.${micros}` : ''}+00`;
      expect(isoInstant(text), text).toBe(viaDate(text));
    }
  });
});

describe('namedRows with instantsAsText', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads timestamptz as the ISO text a Date would give, and leaves other values as the driver reads them', async () => {
    const query = {
      sql: `select x::timestamptz as at, $1::int as n, null::timestamptz as never
              from unnest(array['2026-11-28 11:29:20.594123+00', '2026-03-29 01:30:00+02',
                                '1999-12-31 23:59:59.9999+00']) as x order by 1`,
      params: [sql.placeholder('n')],
    };
    const asText = await namedRows<{ at: string; n: number; never: string | null }>(
      database.db,
      'named_rows_test_text',
      query,
      { instantsAsText: true },
    )({ n: 7 });
    const asDates = await namedRows<{ at: Date; n: number; never: Date | null }>(
      database.db,
      'named_rows_test_dates',
      query,
    )({ n: 7 });
    expect(asText).toEqual(asDates.map((r) => ({ ...r, at: r.at.toISOString() })));
    expect(asText.map((r) => r.at)).toEqual([
      '1999-12-31T23:59:59.999Z',
      '2026-03-28T23:30:00.000Z',
      '2026-11-28T11:29:20.594Z',
    ]);
    expect(asText[0]).toMatchObject({ n: 7, never: null });
  });
});
