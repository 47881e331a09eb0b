import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/customers.ts';
import { phoneDigits } from '../features/customers/customers.service.ts';
import type { DEMO_PARTNERS } from './identities.ts';
import { createRandom, hashSeed, type Random } from './random.ts';

const FIRST_NAMES = [
  'Ingrid',
  'Kari',
  'Anne',
  'Silje',
  'Marit',
  'Hilde',
  'Ragnhild',
  'Solveig',
  'Kristin',
  'Tone',
  'Eli',
  'Berit',
  'Liv',
  'Nina',
  'Hanne',
  'Camilla',
  'Ida',
  'Nora',
  'Astrid',
  'Sigrid',
  'Ole',
  'Lars',
  'Per',
  'Jan',
  'Knut',
  'Bjørn',
  'Arne',
  'Svein',
  'Geir',
  'Terje',
  'Håkon',
  'Magnus',
  'Anders',
  'Espen',
  'Trond',
  'Rune',
  'Kjetil',
  'Øyvind',
  'Sigurd',
  'Erlend',
];
const LAST_NAMES = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Kristiansen',
  'Jensen',
  'Karlsen',
  'Johnsen',
  'Pettersen',
  'Eriksen',
  'Berg',
  'Haugen',
  'Hagen',
  'Johannessen',
  'Andreassen',
  'Jacobsen',
  'Jørgensen',
  'Halvorsen',
  'Henriksen',
  'Sørensen',
  'Moen',
  'Gundersen',
  'Iversen',
  'Ødegård',
  'Aasen',
  'Rønning',
  'Fossum',
  'Brekke',
  'Myhre',
  'Sæther',
  'Tangen',
  'Nygård',
  'Kvam',
];
const STREETS = [
  'Storgata',
  'Kirkeveien',
  'Skogveien',
  'Fjellstien',
  'Hyttegrenda',
  'Solbergveien',
  'Bjørkeveien',
  'Granlia',
  'Furuveien',
  'Elvebakken',
  'Sjøgata',
  'Tunveien',
  'Lia',
  'Setervegen',
  'Bakkeveien',
];
const PLACES: Record<(typeof DEMO_PARTNERS)[number], string[]> = {
  'Nordic Service AS': [
    '0182 Oslo',
    '0355 Oslo',
    '0661 Oslo',
    '1337 Sandvika',
    '2000 Lillestrøm',
    '3015 Drammen',
    '1530 Moss',
    '3580 Geilo',
    '2680 Vågå',
    '3550 Gol',
    '2636 Øyer',
    '1450 Nesoddtangen',
    '3181 Horten',
    '2615 Lillehammer',
  ],
  'Fjord Repair AS': [
    '5003 Bergen',
    '5141 Fyllingsdalen',
    '5700 Voss',
    '6800 Førde',
    '6856 Sogndal',
    '5440 Mosterhamn',
    '5610 Øystese',
    '6770 Nordfjordeid',
    '5380 Tælavåg',
    '5355 Knarrevik',
  ],
};
const COUNTS: Record<(typeof DEMO_PARTNERS)[number], number> = {
  'Nordic Service AS': 78,
  'Fjord Repair AS': 62,
};
const DOMAINS = ['example.net', 'example.org', 'example.com'];

const ascii = (s: string) =>
  s
    .toLowerCase()
    .replaceAll('ø', 'o')
    .replaceAll('å', 'a')
    .replaceAll('æ', 'ae')
    .replace(/[^a-z]/g, '');

/** A Norwegian mobile number as people write it: +47 9xx xx xxx or 4xx xx xxx. */
function mobile(rnd: Random): string {
  const first = rnd.pick(['4', '9']);
  const d = () => String(rnd.int(0, 9));
  return `+47 ${first}${d()}${d()} ${d()}${d()} ${d()}${d()}${d()}`;
}

/** Idempotent: a partner that has customers already gets none added. */
export async function seedCustomers(db: Db, partnerIds: Map<string, string>): Promise<void> {
  for (const [partner, places] of Object.entries(PLACES) as [(typeof DEMO_PARTNERS)[number], string[]][]) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.servicePartnerId, partnerId));
    if ((existing?.n ?? 0) > 0) continue;
    const rnd = createRandom(hashSeed(`customers:${partner}`));
    const emails = new Set<string>();
    const rows = [];
    for (let i = 0; i < COUNTS[partner]; i++) {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      let local = `${ascii(first)}.${ascii(last)}`;
      if (emails.has(local)) local = `${local}${rnd.int(2, 99)}`;
      emails.add(local);
      const phone = rnd.chance(0.92) ? mobile(rnd) : null;
      rows.push({
        servicePartnerId: partnerId,
        name: `${first} ${last}`,
        email: `${local}@${rnd.pick(DOMAINS)}`,
        phone,
        phoneDigits: phoneDigits(phone),
        address: `${rnd.pick(STREETS)} ${rnd.int(1, 120)}, ${rnd.pick(places)}`,
        notes: rnd.chance(0.15)
          ? rnd.pick([
              'Cabin owner; unit is at the cabin most of the year.',
              'Prefers SMS over phone calls.',
              'Has two units (home and cabin).',
            ])
          : null,
      });
    }
    await db.insert(customers).values(rows);
  }
}
