/**
 * The data of the "screens" bench (issue 33, item 4): a rental fleet with two years of history and
 * an info center of 10,000 documents with the text of their PDFs. Deterministic (a seeded
 * generator), so runs compare.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '@service-portal/shared/zoned-days';
import { DOCUMENT_CATEGORIES } from '@service-portal/shared/documents';
import type { Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';

/** mulberry32: a small seeded generator. */
export function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

const FIRST = [
  'Ola',
  'Kari',
  'Per',
  'Anne',
  'Lars',
  'Ingrid',
  'Nils',
  'Marit',
  'Jon',
  'Sofie',
  'Erik',
  'Hanne',
];
const LAST = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Berg',
  'Haugen',
  'Lie',
];
const UNIT_KINDS = ['Dehumidifier', 'Floor dryer', 'Heat fan', 'Carpet cleaner', 'Air purifier', 'Pump'];

export interface RentalFleet {
  units: number;
  rentals: number;
  /** Reservations (booked or active) whose days touch the window [today − 15, today + 15]. */
  inWindow: number;
}

/**
 * `units` active units (and a few retired ones) of the partner, each rented out back to back over
 * the last two years (1–14 days, gaps of 0–6 days, one in ten returned late, one booking in
 * twenty cancelled), one in twenty overdue now, and bookings up to two months ahead.
 */
export async function loadRentalFleet(
  db: Db,
  partnerId: string,
  today: string,
  units: number,
): Promise<RentalFleet> {
  const rnd = randomFrom(33_4);
  const products = Array.from({ length: units + 10 }, (_, i) => ({
    servicePartnerId: partnerId,
    name: `${UNIT_KINDS[i % UNIT_KINDS.length]} ${String(i + 1).padStart(3, '0')}`,
    serialNumber: `RU-${String(100000 + i)}`,
    condition: i % 17 === 0 ? ('fair' as const) : ('good' as const),
    isActive: i < units,
  }));
  const ids: string[] = [];
  for (let i = 0; i < products.length; i += 500) {
    const made = await db
      .insert(schema.rentalProducts)
      .values(products.slice(i, i + 500))
      .returning({ id: schema.rentalProducts.id });
    ids.push(...made.map((r) => r.id));
  }
  type Rental = typeof schema.rentals.$inferInsert;
  const rows: Rental[] = [];
  const windowFrom = addDays(today, -15);
  const windowTo = addDays(today, 15);
  let inWindow = 0;
  ids.forEach((unitId, u) => {
    let start = addDays(today, -730 + rnd.int(0, 10));
    const overdueUnit = u % 20 === 7;
    for (;;) {
      const days = rnd.int(1, 14);
      const due = addDays(start, days - 1);
      const customerName = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
      const base = {
        servicePartnerId: partnerId,
        rentalProductId: unitId,
        customerName,
        startDate: start,
        dueDate: due,
        dailyRateMinor: 25_000,
        currency: 'NOK' as const,
      };
      let next: string;
      if (start > today) {
        // A booking ahead, or (one in twenty) one that was cancelled.
        if (start > addDays(today, 60)) break;
        const cancelled = rnd.next() < 0.05;
        rows.push({ ...base, kind: 'booking', status: cancelled ? 'cancelled' : 'booked' });
        if (!cancelled && start <= windowTo) inWindow++;
        next = addDays(due, 1 + rnd.int(0, 6));
      } else if (due >= today || (overdueUnit && addDays(due, 14) >= today)) {
        // Out now: active (overdue on a few units); nothing more until it is back.
        rows.push({ ...base, kind: rnd.next() < 0.5 ? 'booking' : 'rental', status: 'active' });
        inWindow++;
        next = addDays(due < today ? today : due, 1 + rnd.int(1, 6));
      } else {
        const late = rnd.next() < 0.1 ? rnd.int(1, 3) : 0;
        const returned = addDays(due, late);
        if (returned >= today) {
          start = addDays(today, 1);
          continue;
        }
        rows.push({
          ...base,
          kind: rnd.next() < 0.5 ? 'booking' : 'rental',
          status: 'returned',
          returnedDate: returned,
          returnCondition: 'good',
          totalMinor: (days + late) * 25_000,
        });
        if (returned >= windowFrom) inWindow++;
        next = addDays(returned, 1 + rnd.int(0, 6));
      }
      start = next;
    }
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(schema.rentals).values(rows.slice(i, i + 1000));
  await db.execute(sql`analyze rentals`);
  await db.execute(sql`analyze rental_products`);
  return { units, rentals: rows.length, inWindow };
}

// --- the info center ----------------------------------------------------------------------------

/** What service manuals talk about (English and Norwegian), plus the filler of any long text. */
const DOMAIN = [
  'heat',
  'pump',
  'element',
  'filter',
  'valve',
  'compressor',
  'motor',
  'installation',
  'manual',
  'warranty',
  'thermostat',
  'sensor',
  'drain',
  'hose',
  'fan',
  'bearing',
  'gasket',
  'circuit',
  'fuse',
  'relay',
  'display',
  'error',
  'code',
  'reset',
  'cleaning',
  'maintenance',
  'safety',
  'voltage',
  'power',
  'cable',
  'seal',
  'pressure',
  'temperature',
  'dehumidifier',
  'condenser',
  'evaporator',
  'refrigerant',
  'defrost',
  'timer',
  'switch',
  'panel',
  'bracket',
  'screw',
  'varmepumpe',
  'filteret',
  'ventil',
  'montering',
  'bruksanvisning',
  'feilkode',
  'rengjøring',
  'vedlikehold',
  'sikkerhet',
  'spenning',
  'strøm',
  'kabel',
  'pakning',
  'trykk',
  'avfukter',
];
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tos',
  'vel',
  'dar',
  'ni',
  'sto',
  'bra',
  'gen',
  'fu',
  'li',
  'mar',
  'tek',
  'ost',
];
/** Words only a few documents hold (each in ≈ 1 % of them). */
const RARE = [
  'legionella',
  'anodeplate',
  'brosjyre',
  'kondensvann',
  'sikringsskap',
  'overheating',
  'tilbakeslag',
  'magnesium',
  'ekspansjonskar',
  'isolasjon',
  'firmware',
  'bluetooth',
  'wifi',
  'hygrostat',
  'avrimingsvann',
  'kompressorstart',
  'termistor',
  'trykkvakt',
  'vibrasjon',
  'kalibrering',
];
const TAGS = [
  'heat-pump',
  'dehumidifier',
  'installation',
  'safety',
  'spare-parts',
  'wiring',
  'cleaning',
  'warranty',
  'error-codes',
  'nordic',
  'commercial',
  'residential',
  'legacy',
  '2024',
  '2025',
  'quick-start',
  'service',
  'training',
  'firmware',
  'accessories',
];

export interface InfoCenter {
  documents: number;
  visible: number;
  textBytes: number;
  skus: string[];
}

/**
 * `maker` documents of the maker (every partner sees them) and `own` of the partner, plus a
 * tenth as many of another partner (not visible): titles, SKUs, tags, descriptions, and PDF text
 * of 0.5–30 KB (log-uniform) drawn from manual words (Zipf-like) and filler words.
 */
export async function loadInfoCenter(
  db: Db,
  partners: { own: string; other: string },
  counts: { maker: number; own: number },
): Promise<InfoCenter> {
  const rnd = randomFrom(17_33);
  const filler = Array.from({ length: 4000 }, () =>
    Array.from({ length: rnd.int(2, 4) }, () => rnd.pick(SYLLABLES)).join(''),
  );
  // Zipf-like: word k of a list drawn with weight 1/(k+1).
  const zipf = (words: readonly string[]) => {
    const cumulative: number[] = [];
    let sum = 0;
    for (let k = 0; k < words.length; k++) cumulative.push((sum += 1 / (k + 1)));
    return () => {
      const x = rnd.next() * sum;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return words[lo]!;
    };
  };
  const domainWord = zipf(DOMAIN);
  const fillerWord = zipf(filler);
  const text = (chars: number) => {
    const words: string[] = [];
    let length = 0;
    while (length < chars) {
      const w = rnd.next() < 0.3 ? domainWord() : fillerWord();
      words.push(w);
      length += w.length + 1;
      if (rnd.next() < 0.08) words.push(`E${rnd.int(10, 99)}.`);
    }
    // One rare word in about a fifth of the texts, somewhere.
    if (rnd.next() < 0.2) words.splice(rnd.int(0, words.length), 0, rnd.pick(RARE));
    return words.join(' ');
  };
  const owners: (string | null)[] = [
    ...Array.from({ length: counts.maker }, () => null),
    ...Array.from({ length: counts.own }, () => partners.own),
    ...Array.from({ length: Math.round((counts.maker + counts.own) / 10) }, () => partners.other),
  ];
  const skus: string[] = [];
  let textBytes = 0;
  const start = Date.now() - 2 * 365 * 86_400_000;
  for (let i = 0; i < owners.length; i += 250) {
    const docs: (typeof schema.documents.$inferInsert)[] = [];
    const versions: (typeof schema.documentVersions.$inferInsert)[] = [];
    for (let j = i; j < Math.min(owners.length, i + 250); j++) {
      const id = crypto.randomUUID();
      const versionId = crypto.randomUUID();
      const owner = owners[j]!;
      const sku = rnd.next() < 0.7 ? `SKU-${String(10000 + j)}` : null;
      if (sku && skus.length < 200 && j % 37 === 0) skus.push(sku);
      const chars = Math.round(Math.exp(Math.log(500) + rnd.next() * (Math.log(30_000) - Math.log(500))));
      const extracted = text(chars);
      textBytes += extracted.length;
      const title = `${rnd.pick(UNIT_KINDS)} ${domainWord()} ${domainWord()} ${String(j + 1)}`;
      const at = new Date(start + Math.floor(rnd.next() * 2 * 365 * 86_400_000));
      docs.push({
        id,
        servicePartnerId: owner,
        title,
        description: text(rnd.int(40, 300)),
        category: DOCUMENT_CATEGORIES[j % DOCUMENT_CATEGORIES.length]!,
        sku,
        tags: Array.from(new Set(Array.from({ length: rnd.int(0, 4) }, () => rnd.pick(TAGS)))),
        currentVersionId: versionId,
        extractedText: extracted,
        createdAt: at,
        updatedAt: at,
      });
      versions.push({
        id: versionId,
        documentId: id,
        number: 1,
        fileKey: `documents/${owner ?? 'maker'}/${versionId}`,
        fileName: `${title.replaceAll(' ', '-').toLowerCase()}.pdf`,
        mimeType: 'application/pdf',
        bytes: chars * 12,
        uploadedAt: at,
        textStatus: 'done',
        extractedText: extracted,
      });
    }
    await db.insert(schema.documents).values(docs);
    await db.insert(schema.documentVersions).values(versions);
  }
  await db.execute(sql`analyze documents`);
  await db.execute(sql`analyze document_versions`);
  return { documents: owners.length, visible: counts.maker + counts.own, textBytes, skus };
}

/** What people type into the info center's search box, by kind. */
export function infoCenterTerms(skus: string[]): Record<string, string[]> {
  return {
    // A word in most long texts.
    common: ['heat', 'pump', 'filter', 'element'],
    // Two or three words, the way a question is typed.
    phrase: ['heat pump', 'filter cleaning', 'error code reset', 'varmepumpe filteret'],
    // Prefixes while typing.
    prefix: ['comp', 'therm', 'dehum', 'vedl'],
    // Words few documents hold (≈ 1 %).
    rare: ['legionella', 'ekspansjonskar', 'termistor', 'kalibrering'],
    sku: skus.slice(0, 4),
  };
}
