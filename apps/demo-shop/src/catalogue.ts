/**
 * The demo shop's catalogue: toilets, heaters and spare parts of a cabin-sanitation maker, made
 * from a seeded pseudo-random generator so that the same seed always gives the same shop.
 */

/** Shopify's `ProductStatus` (UNLISTED since 2026-10's schema; also in 2026-07's). */
export type ProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';

export interface Variant {
  /** Numeric id; the global id is gid://shopify/ProductVariant/{id}. */
  id: number;
  title: string;
  sku: string;
  /** NOK with two decimals, as Shopify's Money scalar: "1234.50". */
  price: string;
  barcode: string;
  inventoryQuantity: number;
}

export interface Product {
  /** Numeric id; the global id is gid://shopify/Product/{id}. */
  id: number;
  title: string;
  handle: string;
  bodyHtml: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  /** The picture's path on the demo shop (`/images/{kind}/{colour}/{id}.svg`); null = no picture. */
  imagePath: string | null;
  imageAlt: string;
  variants: Variant[];
}

/** mulberry32: small, fast and good enough for demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The EAN-13 check digit of 12 digits (weights 1,3,1,3… from the left). */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

export interface Kind {
  /** Image folder and tag. */
  key: string;
  category: 'Toilet' | 'Heater' | 'Spare part';
  noun: string;
  /** Price range in NOK. */
  price: [number, number];
  models: string[];
  vendors: string[];
  /** Variant options (colour, power, size…); the first is the default. */
  options: string[];
  tags: string[];
}

export const KINDS: Kind[] = [
  {
    key: 'incinerating-toilet',
    category: 'Toilet',
    noun: 'incinerating toilet',
    price: [24_990, 42_990],
    models: ['Flamma', 'Glød', 'Ildfast', 'Brannhytte', 'Varde'],
    vendors: ['Nordic Sanitary', 'Fjordtek'],
    options: ['White', 'Black', 'Grey'],
    tags: ['incinerating', 'electric', 'cabin'],
  },
  {
    key: 'composting-toilet',
    category: 'Toilet',
    noun: 'composting toilet',
    price: [6_490, 18_990],
    models: ['Mold', 'Humus', 'Kretsløp', 'Skogbunn', 'Torv'],
    vendors: ['Bioloo Nordic', 'Nordic Sanitary'],
    options: ['White', 'Green', 'Grey'],
    tags: ['composting', 'off-grid', 'cabin'],
  },
  {
    key: 'vacuum-toilet',
    category: 'Toilet',
    noun: 'vacuum toilet',
    price: [14_990, 29_990],
    models: ['Sug', 'Vakuum Pro', 'Marina', 'Fjellsug'],
    vendors: ['Fjordtek', 'Cabin Systems'],
    options: ['White', 'Grey'],
    tags: ['vacuum', 'water-saving', 'boat'],
  },
  {
    key: 'separating-toilet',
    category: 'Toilet',
    noun: 'urine-separating toilet',
    price: [7_990, 16_990],
    models: ['Skille', 'Duo', 'Delta', 'Tvilling'],
    vendors: ['Bioloo Nordic', 'Cabin Systems'],
    options: ['White', 'Black'],
    tags: ['separating', 'off-grid', 'cabin'],
  },
  {
    key: 'chemical-toilet',
    category: 'Toilet',
    noun: 'portable chemical toilet',
    price: [1_290, 3_990],
    models: ['Turist', 'Camp', 'Tur 20', 'Tur 12'],
    vendors: ['Cabin Systems', 'Polar Comfort'],
    options: ['White', 'Blue'],
    tags: ['chemical', 'portable', 'camping'],
  },
  {
    key: 'freeze-toilet',
    category: 'Toilet',
    noun: 'freezing toilet',
    price: [19_990, 34_990],
    models: ['Frost', 'Isbre'],
    vendors: ['Polar Comfort'],
    options: ['White'],
    tags: ['freezing', 'electric', 'cabin'],
  },
  {
    key: 'electric-heater',
    category: 'Heater',
    noun: 'electric heater',
    price: [990, 3_490],
    models: ['Varme', 'Lun', 'Peis E', 'Kos'],
    vendors: ['Vikavarme', 'Polar Comfort'],
    options: ['600 W', '1000 W', '2000 W'],
    tags: ['electric', 'heater'],
  },
  {
    key: 'panel-heater',
    category: 'Heater',
    noun: 'panel heater',
    price: [1_490, 4_990],
    models: ['Slank', 'Panel Pro', 'Vegg', 'Nordlys'],
    vendors: ['Vikavarme', 'Fjellvarme'],
    options: ['400 W', '800 W', '1200 W'],
    tags: ['electric', 'panel', 'heater', 'wifi'],
  },
  {
    key: 'paraffin-heater',
    category: 'Heater',
    noun: 'paraffin heater',
    price: [1_990, 6_990],
    models: ['Parafin 3', 'Hyttevarme', 'Fjellbu', 'Seter'],
    vendors: ['Fjellvarme', 'Polar Comfort'],
    options: ['Black', 'Grey'],
    tags: ['paraffin', 'off-grid', 'heater'],
  },
  {
    key: 'gas-heater',
    category: 'Heater',
    noun: 'gas heater',
    price: [2_490, 7_990],
    models: ['Gass Lun', 'Propan 4', 'Terrasse'],
    vendors: ['Fjellvarme'],
    options: ['Black', 'Steel'],
    tags: ['gas', 'off-grid', 'heater'],
  },
  {
    key: 'frost-guard',
    category: 'Heater',
    noun: 'frost guard heater',
    price: [590, 1_490],
    models: ['Frostvakt', 'Vakt 400'],
    vendors: ['Vikavarme'],
    options: ['400 W', '800 W'],
    tags: ['electric', 'frost-guard', 'heater'],
  },
  {
    key: 'fan',
    category: 'Spare part',
    noun: 'exhaust fan',
    price: [690, 2_490],
    models: ['Flamma', 'Glød', 'Sug', 'Frost', 'Universal'],
    vendors: ['Nordic Sanitary', 'Fjordtek'],
    options: ['12 V', '230 V'],
    tags: ['spare-part', 'fan'],
  },
  {
    key: 'seal',
    category: 'Spare part',
    noun: 'seal kit',
    price: [149, 690],
    models: ['Flamma', 'Glød', 'Mold', 'Sug', 'Skille', 'Vakuum Pro'],
    vendors: ['Nordic Sanitary', 'Fjordtek', 'Bioloo Nordic'],
    options: ['Standard'],
    tags: ['spare-part', 'seal'],
  },
  {
    key: 'heating-element',
    category: 'Spare part',
    noun: 'heating element',
    price: [890, 2_990],
    models: ['Flamma', 'Glød', 'Ildfast', 'Varme', 'Slank'],
    vendors: ['Nordic Sanitary', 'Vikavarme'],
    options: ['Standard'],
    tags: ['spare-part', 'heating-element'],
  },
  {
    key: 'control-board',
    category: 'Spare part',
    noun: 'control board',
    price: [1_490, 4_490],
    models: ['Flamma', 'Glød', 'Ildfast', 'Frost', 'Panel Pro'],
    vendors: ['Nordic Sanitary', 'Fjordtek', 'Vikavarme'],
    options: ['Rev. A', 'Rev. B'],
    tags: ['spare-part', 'electronics'],
  },
  {
    key: 'bowl-liner',
    category: 'Spare part',
    noun: 'bowl liners',
    price: [99, 449],
    models: ['Flamma', 'Glød', 'Ildfast', 'Brannhytte'],
    vendors: ['Nordic Sanitary'],
    options: ['100 pcs', '500 pcs'],
    tags: ['spare-part', 'consumable', 'liner'],
  },
  {
    key: 'filter',
    category: 'Spare part',
    noun: 'filter',
    price: [129, 790],
    models: ['Mold', 'Humus', 'Skille', 'Duo', 'Sug', 'Universal'],
    vendors: ['Bioloo Nordic', 'Cabin Systems'],
    options: ['1 pc', '3 pcs'],
    tags: ['spare-part', 'consumable', 'filter'],
  },
  {
    key: 'thermostat',
    category: 'Spare part',
    noun: 'thermostat',
    price: [290, 1_290],
    models: ['Varme', 'Slank', 'Parafin 3', 'Frostvakt', 'Flamma'],
    vendors: ['Vikavarme', 'Fjellvarme'],
    options: ['Standard'],
    tags: ['spare-part', 'electronics'],
  },
  {
    key: 'wick',
    category: 'Spare part',
    noun: 'wick',
    price: [149, 390],
    models: ['Parafin 3', 'Hyttevarme', 'Fjellbu', 'Seter'],
    vendors: ['Fjellvarme'],
    options: ['Standard'],
    tags: ['spare-part', 'consumable', 'paraffin'],
  },
  {
    key: 'hose',
    category: 'Spare part',
    noun: 'urine hose',
    price: [89, 390],
    models: ['Skille', 'Duo', 'Delta', 'Tvilling', 'Universal'],
    vendors: ['Bioloo Nordic', 'Cabin Systems'],
    options: ['1 m', '3 m'],
    tags: ['spare-part', 'hose'],
  },
  {
    key: 'vent-pipe',
    category: 'Spare part',
    noun: 'ventilation pipe kit',
    price: [390, 1_690],
    models: ['Flamma', 'Glød', 'Mold', 'Humus', 'Universal'],
    vendors: ['Nordic Sanitary', 'Bioloo Nordic'],
    options: ['75 mm', '110 mm'],
    tags: ['spare-part', 'ventilation'],
  },
  {
    key: 'catalyst',
    category: 'Spare part',
    noun: 'catalyst',
    price: [1_190, 2_690],
    models: ['Flamma', 'Glød', 'Ildfast'],
    vendors: ['Nordic Sanitary'],
    options: ['Standard'],
    tags: ['spare-part', 'incinerating'],
  },
];

const NOTES = [
  'Made for Norwegian cabins.',
  'Tested to -30 °C.',
  'Two-year warranty for service partners.',
  'Serviceable with standard tools.',
  'Easy to clean and maintain.',
];

/** Weights for the kinds in a catalogue of mixed size: more parts than appliances. */
const WEIGHTS: Record<Kind['category'], number> = { Toilet: 3, Heater: 2, 'Spare part': 2 };

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[åÅ]/g, 'a')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');
}

export const FIRST_PRODUCT_ID = 8_100_000_000;
export const FIRST_VARIANT_ID = 45_200_000_000;

export interface CatalogueOptions {
  count: number;
  seed: number;
  /** The newest `updatedAt`; the others go back about two years from it. */
  now: Date;
}

/** Price in NOK ending in 90 or 50 (shop style), as Money text. */
function money(rand: () => number, [lo, hi]: [number, number]): string {
  const raw = lo + rand() * (hi - lo);
  const whole = Math.floor(raw / 10) * 10 + (rand() < 0.8 ? 9 : 4);
  return `${whole}.${rand() < 0.8 ? '00' : '50'}`;
}

export interface IdSource {
  product(): number;
  variant(): number;
  barcode(): string;
}

/** Monotonic ids and unique barcodes (Norwegian GS1 prefix 70, company 12345). */
export function idSource(): IdSource {
  let p = FIRST_PRODUCT_ID;
  let v = FIRST_VARIANT_ID;
  let b = 0;
  return {
    product: () => ++p,
    variant: () => ++v,
    barcode: () => {
      b += 1;
      const twelve = `7012345${String(b).padStart(5, '0')}`;
      return `${twelve}${ean13CheckDigit(twelve)}`;
    },
  };
}

/** Makes one product of a kind; `index` makes titles and SKUs unique. */
export function makeProduct(
  rand: () => number,
  ids: IdSource,
  kind: Kind,
  index: number,
  updatedAt: Date,
): Product {
  const id = ids.product();
  const model = pick(rand, kind.models);
  const vendor = pick(rand, kind.vendors);
  const series = 1 + (index % 9);
  const isPart = kind.category === 'Spare part';
  const title = isPart
    ? `${capitalise(kind.noun)} for ${model} ${series}0`
    : `${model} ${series}0 ${kind.noun}`;
  const skuStem = `${kind.key
    .split('-')
    .map((w) => w[0]!.toUpperCase())
    .join(
      '',
    )}-${slug(model).replace(/-/g, '').slice(0, 4).toUpperCase()}${series}0-${String(index).padStart(4, '0')}`;
  const optionCount = isPart
    ? rand() < 0.75
      ? 1
      : kind.options.length
    : 1 + Math.floor(rand() * kind.options.length);
  const options = kind.options.slice(0, Math.max(1, optionCount));
  const basePrice = money(rand, kind.price);
  const variants: Variant[] = options.map((option, i) => ({
    id: ids.variant(),
    title: options.length === 1 ? 'Default Title' : option,
    sku: options.length === 1 ? skuStem : `${skuStem}-${slug(option).toUpperCase()}`,
    price: i === 0 ? basePrice : money(rand, [Number(basePrice), Number(basePrice) * 1.25]),
    barcode: ids.barcode(),
    inventoryQuantity: rand() < 0.1 ? 0 : Math.floor(rand() * (isPart ? 200 : 40)),
  }));
  const roll = rand();
  const status: ProductStatus = roll < 0.88 ? 'ACTIVE' : roll < 0.95 ? 'DRAFT' : 'ARCHIVED';
  const createdAt = new Date(updatedAt.getTime() - Math.floor(rand() * 400) * 86_400_000);
  const colour = colourOf(options[0]!);
  return {
    id,
    title,
    handle: `${slug(title)}-${id % 100_000}`,
    bodyHtml: `<p>${capitalise(kind.noun)} ${model} ${series}0 from ${vendor}. ${pick(rand, NOTES)}</p>`,
    status,
    vendor,
    productType: kind.category,
    tags: [...kind.tags, `kind:${kind.key}`, `model:${slug(model)}`].sort(),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    imagePath: `/images/${kind.key}/${colour}/${id}.svg`,
    imageAlt: title,
    variants,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const COLOURS = ['white', 'black', 'grey', 'green', 'blue', 'steel'] as const;
export type Colour = (typeof COLOURS)[number] | 'silver';

function colourOf(option: string): Colour {
  const lower = option.toLowerCase();
  return (COLOURS as readonly string[]).includes(lower) ? (lower as Colour) : 'silver';
}

/** A catalogue of `count` products with `updatedAt` spread over about two years before `now`. */
export function generateCatalogue(opts: CatalogueOptions, ids: IdSource = idSource()): Product[] {
  const rand = prng(opts.seed);
  const weighted = KINDS.flatMap((k) => Array.from({ length: WEIGHTS[k.category] }, () => k));
  const span = 730 * 86_400_000;
  const products: Product[] = [];
  for (let i = 0; i < opts.count; i++) {
    // Every kind appears at least once before the mix is random.
    const kind = i < KINDS.length ? KINDS[i]! : pick(rand, weighted);
    // Older first, so ids and updatedAt grow together like a shop that was filled over time;
    // whole seconds, since Shopify's timestamps have no fraction.
    const at = opts.now.getTime() - span + Math.floor(((i + rand()) / opts.count) * span);
    products.push(makeProduct(rand, ids, kind, i + 1, new Date(Math.floor(at / 1000) * 1000)));
  }
  // A full-size catalogue ends with the maker's flagships, whose manuals the portal's demo
  // documents are (apps/server/src/seed/documents.ts names these SKUs).
  if (opts.count >= 100) {
    const own = prng(opts.seed ^ 0x5eed);
    FLAGSHIPS.forEach((f, i) => {
      const at = products[opts.count - FLAGSHIPS.length + i]!.updatedAt;
      const base = makeProduct(
        own,
        ids,
        kindOf(f.kind)!,
        opts.count - FLAGSHIPS.length + i + 1,
        new Date(at),
      );
      const variant = { ...base.variants[0]!, title: 'Default Title', sku: f.sku, price: f.price };
      products[opts.count - FLAGSHIPS.length + i] = {
        ...base,
        title: f.title,
        handle: `${slug(f.title)}-${base.id % 100_000}`,
        status: 'ACTIVE',
        vendor: 'Nordic Sanitary',
        imageAlt: f.title,
        variants: [variant],
      };
    });
  }
  return products;
}

/** The maker's own flagship products (fixed SKUs, so documents and demo data can name them). */
export const FLAGSHIPS = [
  { sku: 'AH-200', title: 'AquaHeat 200 water heater', kind: 'electric-heater', price: '8990.00' },
  { sku: 'AH-120', title: 'AquaHeat 120 water heater', kind: 'electric-heater', price: '6490.00' },
  { sku: 'EF-300', title: 'EcoFlush 300 wall-hung toilet', kind: 'vacuum-toilet', price: '12490.00' },
] as const;

export function kindOf(key: string): Kind | undefined {
  return KINDS.find((k) => k.key === key);
}
