import {
  generateCatalogue,
  idSource,
  KINDS,
  makeProduct,
  prng,
  type IdSource,
  type Product,
  type ProductStatus,
  type Variant,
} from './catalogue.ts';

export interface DraftOrderLine {
  id: number;
  title: string;
  sku: string | null;
  quantity: number;
  variantId: number | null;
  originalUnitPrice: string;
  requiresShipping: boolean;
  taxable: boolean;
}

export interface DraftOrder {
  id: number;
  name: string;
  status: 'OPEN' | 'COMPLETED';
  tags: string[];
  note: string | null;
  email: string | null;
  lineItems: DraftOrderLine[];
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** Set when completed. */
  order: { id: number; name: string; paymentPending: boolean } | null;
  /** The payment terms chosen at creation (graphql-views.ts PAYMENT_TERMS_TEMPLATES); null: none. */
  paymentTermsTemplateId: number | null;
  /** The secret part of the invoice URL. */
  invoiceToken: string;
}

/** A webhook subscription made through the Admin API (`webhookSubscriptionCreate`). */
export interface WebhookSubscription {
  id: number;
  /** `WebhookSubscriptionTopic`, e.g. PRODUCTS_UPDATE. */
  topic: string;
  uri: string;
  format: string;
  filter: string | null;
  includeFields: string[];
  /** The API version of the request that made it (its payloads' version). */
  apiVersion: string;
  createdAt: string;
  updatedAt: string;
}

export type SortKey = 'ID' | 'UPDATED_AT' | 'TITLE' | 'CREATED_AT';

export interface ProductFilter {
  updatedAt?: { op: '>' | '>=' | '<' | '<='; at: number }[];
  status?: ProductStatus[];
  terms?: { field: string; value: string }[];
}

/** `updated_at:>'2026-01-01T00:00:00Z' status:active sku:ABC title:foo` → a filter (unknown fields are ignored, as Shopify does). */
export function parseProductQuery(query: string | null | undefined): ProductFilter {
  const filter: ProductFilter = {};
  if (!query) return filter;
  const re = /(-?\w+):(>=|<=|>|<)?(?:'([^']*)'|"([^"]*)"|(\S+))/g;
  for (const m of query.matchAll(re)) {
    const field = m[1]!.toLowerCase();
    const op = (m[2] ?? '') as '>' | '>=' | '<' | '<=' | '';
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (field === 'updated_at') {
      const at = Date.parse(value);
      if (Number.isNaN(at)) continue;
      (filter.updatedAt ??= []).push({ op: op || '>=', at });
    } else if (field === 'status') {
      filter.status = value
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s): s is ProductStatus => ['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED'].includes(s));
    } else {
      (filter.terms ??= []).push({ field, value: value.toLowerCase() });
    }
  }
  return filter;
}

function matches(p: Product, t: number, f: ProductFilter): boolean {
  for (const c of f.updatedAt ?? []) {
    if (c.op === '>' && !(t > c.at)) return false;
    if (c.op === '>=' && !(t >= c.at)) return false;
    if (c.op === '<' && !(t < c.at)) return false;
    if (c.op === '<=' && !(t <= c.at)) return false;
  }
  if (f.status && !f.status.includes(p.status)) return false;
  for (const { field, value } of f.terms ?? []) {
    const ok =
      field === 'sku'
        ? p.variants.some((v) => v.sku.toLowerCase() === value)
        : field === 'barcode'
          ? p.variants.some((v) => v.barcode === value)
          : field === 'tag'
            ? p.tags.some((x) => x.toLowerCase() === value)
            : field === 'vendor'
              ? p.vendor.toLowerCase() === value
              : field === 'product_type'
                ? p.productType.toLowerCase() === value
                : field === 'title'
                  ? p.title.toLowerCase().includes(value)
                  : field === 'handle'
                    ? p.handle === value
                    : field === 'id'
                      ? String(p.id) === value
                      : true;
    if (!ok) return false;
  }
  return true;
}

function sortValue(p: Product, key: SortKey): string | number {
  switch (key) {
    case 'UPDATED_AT':
      return Date.parse(p.updatedAt);
    case 'CREATED_AT':
      return Date.parse(p.createdAt);
    case 'TITLE':
      return p.title.toLowerCase();
    default:
      return p.id;
  }
}

function compare(a: [string | number, number], b: [string | number, number]): number {
  if (a[0] < b[0]) return -1;
  if (a[0] > b[0]) return 1;
  return a[1] - b[1];
}

/** Opaque cursors carry the sort key's value and the id (keyset pagination, as Shopify's). */
export function encodeCursor(key: SortKey, p: Product): string {
  return Buffer.from(JSON.stringify({ k: key, v: sortValue(p, key), id: p.id })).toString('base64url');
}

export function decodeCursor(cursor: string, key: SortKey): [string | number, number] | null {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      k: string;
      v: unknown;
      id: unknown;
    };
    if (c.k !== key || typeof c.id !== 'number' || (typeof c.v !== 'number' && typeof c.v !== 'string'))
      return null;
    return [c.v, c.id];
  } catch {
    return null;
  }
}

export interface PageArgs {
  first: number;
  after: string | null;
  reverse: boolean;
  sortKey: SortKey;
  query: string | null;
}

export class InvalidCursorError extends Error {}

interface Entry {
  p: Product;
  /** updatedAt in ms. */
  t: number;
  k: [string | number, number];
}

export class Store {
  readonly products = new Map<number, Product>();
  readonly draftOrders = new Map<number, DraftOrder>();
  private readonly ids: IdSource;
  private readonly rand: () => number;
  private nextDraftOrder = 1_100_000_000;
  private nextOrder = 5_600_000_000;
  private nextLine = 58_000_000_000;
  private orderNumber = 1000;
  private nextSubscription = 1_400_000_000;
  private readonly subscriptions = new Map<number, WebhookSubscription>();
  private productIndex: number;

  constructor(opts: { count: number; seed: number; now: Date }) {
    this.ids = idSource();
    this.rand = prng(opts.seed ^ 0x5eed);
    for (const p of generateCatalogue(opts, this.ids)) this.products.set(p.id, p);
    this.productIndex = opts.count;
  }

  /** The catalogue sorted per key, kept until the next change (pages of a 10,000-product shop stay cheap). */
  private sorted = new Map<SortKey, { version: number; list: Entry[] }>();
  private version = 0;

  private sortedBy(key: SortKey): Entry[] {
    const cached = this.sorted.get(key);
    if (cached?.version === this.version) return cached.list;
    const list = [...this.products.values()]
      .map((p) => ({
        p,
        t: Date.parse(p.updatedAt),
        k: [sortValue(p, key), p.id] as [string | number, number],
      }))
      .sort((a, b) => compare(a.k, b.k));
    this.sorted.set(key, { version: this.version, list });
    return list;
  }

  /** Call after any change to a product. */
  changed(): void {
    this.version += 1;
  }

  page(args: PageArgs): { nodes: Product[]; hasNextPage: boolean; hasPreviousPage: boolean } {
    const filter = parseProductQuery(args.query);
    const key = args.sortKey;
    let list = this.sortedBy(key);
    if (args.reverse) list = [...list].reverse();
    let start = 0;
    if (args.after) {
      const after = decodeCursor(args.after, key);
      if (!after) throw new InvalidCursorError(`Invalid cursor for current pagination sort.`);
      start = list.findIndex((x) => (args.reverse ? compare(x.k, after) < 0 : compare(x.k, after) > 0));
      if (start < 0) start = list.length;
    }
    const nodes: Product[] = [];
    let i = start;
    for (; i < list.length && nodes.length < args.first; i++) {
      if (matches(list[i]!.p, list[i]!.t, filter)) nodes.push(list[i]!.p);
    }
    let hasNextPage = false;
    for (; i < list.length; i++) {
      if (matches(list[i]!.p, list[i]!.t, filter)) {
        hasNextPage = true;
        break;
      }
    }
    return { nodes, hasNextPage, hasPreviousPage: start > 0 };
  }

  variant(id: number): { product: Product; variant: Variant } | null {
    for (const product of this.products.values()) {
      const variant = product.variants.find((v) => v.id === id);
      if (variant) return { product, variant };
    }
    return null;
  }

  /** A new product of a kind (random when not given), updated now. */
  addProduct(
    input: Partial<Pick<Product, 'title' | 'status' | 'vendor' | 'tags'>> & {
      kind?: string;
      price?: string;
      /** At least this many variants (more than 100 makes the sync page them). */
      variantCount?: number;
    },
    now: Date,
  ): Product {
    const kind = KINDS.find((k) => k.key === input.kind) ?? KINDS[Math.floor(this.rand() * KINDS.length)]!;
    this.productIndex += 1;
    const p = makeProduct(this.rand, this.ids, kind, this.productIndex, now);
    p.createdAt = now.toISOString();
    if (input.title) p.title = input.title;
    if (input.status) p.status = input.status;
    if (input.vendor) p.vendor = input.vendor;
    if (input.tags) p.tags = input.tags;
    const first = p.variants[0]!;
    for (let n = p.variants.length + 1; n <= Math.min(input.variantCount ?? 0, 2048); n++) {
      p.variants.push({
        ...first,
        id: this.ids.variant(),
        title: `Size ${n}`,
        sku: `${first.sku}-${String(n).padStart(4, '0')}`,
        barcode: this.ids.barcode(),
      });
    }
    if (input.price) for (const v of p.variants) v.price = input.price;
    this.products.set(p.id, p);
    this.changed();
    return p;
  }

  updateProduct(
    id: number,
    changes: Partial<Pick<Product, 'title' | 'status' | 'vendor' | 'tags' | 'productType'>> & {
      price?: string;
      inventoryQuantity?: number;
    },
    now: Date,
  ): Product | null {
    const p = this.products.get(id);
    if (!p) return null;
    if (changes.title !== undefined) p.title = changes.title;
    if (changes.status !== undefined) p.status = changes.status;
    if (changes.vendor !== undefined) p.vendor = changes.vendor;
    if (changes.tags !== undefined) p.tags = changes.tags;
    if (changes.productType !== undefined) p.productType = changes.productType;
    for (const v of p.variants) {
      if (changes.price !== undefined) v.price = changes.price;
      if (changes.inventoryQuantity !== undefined) v.inventoryQuantity = changes.inventoryQuantity;
    }
    // Strictly later than before, even twice within one second.
    const before = Date.parse(p.updatedAt);
    p.updatedAt = new Date(Math.max(Math.floor(now.getTime() / 1000) * 1000, before + 1000)).toISOString();
    this.changed();
    return p;
  }

  deleteProduct(id: number): Product | null {
    const p = this.products.get(id);
    if (!p) return null;
    this.products.delete(id);
    this.changed();
    return p;
  }

  createDraftOrder(
    input: {
      lineItems: Omit<DraftOrderLine, 'id'>[];
      tags: string[];
      note: string | null;
      email: string | null;
      paymentTermsTemplateId?: number | null;
    },
    now: Date,
  ): DraftOrder {
    this.nextDraftOrder += 1;
    const d: DraftOrder = {
      id: this.nextDraftOrder,
      name: `#D${this.draftOrders.size + 1}`,
      status: 'OPEN',
      tags: input.tags,
      note: input.note,
      email: input.email,
      lineItems: input.lineItems.map((l) => ({ ...l, id: ++this.nextLine })),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      completedAt: null,
      order: null,
      paymentTermsTemplateId: input.paymentTermsTemplateId ?? null,
      invoiceToken: Math.floor(this.rand() * 2 ** 48).toString(16),
    };
    this.draftOrders.set(d.id, d);
    return d;
  }

  completeDraftOrder(d: DraftOrder, paymentPending: boolean, now: Date): DraftOrder {
    this.nextOrder += 1;
    this.orderNumber += 1;
    d.status = 'COMPLETED';
    d.completedAt = now.toISOString();
    d.updatedAt = d.completedAt;
    d.order = { id: this.nextOrder, name: `#${this.orderNumber}`, paymentPending };
    return d;
  }

  webhookSubscriptions(): WebhookSubscription[] {
    return [...this.subscriptions.values()];
  }

  addWebhookSubscription(
    input: Omit<WebhookSubscription, 'id' | 'createdAt' | 'updatedAt'>,
    now: Date,
  ): WebhookSubscription {
    this.nextSubscription += 1;
    const s = {
      ...input,
      id: this.nextSubscription,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    this.subscriptions.set(s.id, s);
    return s;
  }

  deleteWebhookSubscription(id: number): boolean {
    return this.subscriptions.delete(id);
  }
}
