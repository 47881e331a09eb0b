import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_SCHEMA_SHA256,
  ADMIN_SCHEMA_VERSIONS,
  adminSchemaFile,
  loadAdminSchema,
  type AdminSchema,
} from '@service-portal/demo-shop/admin-schema';
import { SHOP_REQUIRED_SCOPES } from '@service-portal/shared/shop-auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkDocument } from '../../../test/shop-documents.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import * as queries from './queries.ts';
import { SHOP_DOCUMENTS } from './queries.ts';

// Issue 24, item 2: every Admin GraphQL document the server sends, with the variables it really
// sends, against Shopify's published schema of the pinned version and the one before it: known,
// not deprecated, variables that coerce, and nothing outside the scopes the app requests.

const scopes = [...SHOP_REQUIRED_SCOPES];
let schemas: AdminSchema[];
let t: TestShop;

interface Sent {
  query: string;
  variables: Record<string, unknown>;
}
const sent: Sent[] = [];

beforeAll(async () => {
  schemas = ADMIN_SCHEMA_VERSIONS.map((v) => loadAdminSchema(v));
  t = await startTestShop({ products: 6, seed: 5 });
  // One product with more than 100 variants, so the sync's variant paging is sent too.
  await t.shop.control.addProduct({ title: 'Many sizes', variantCount: 130 });
}, 60_000);
afterAll(async () => t?.close());

/** Drives every client operation against the demo shop, recording each GraphQL body sent. */
async function recordWhatTheClientSends(): Promise<void> {
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/graphql.json') && typeof init?.body === 'string') {
      sent.push(JSON.parse(init.body) as Sent);
    }
    return realFetch(input, init);
  });
  try {
    const client = t.client();
    let after: string | null = null;
    let sawManyVariants = false;
    do {
      const page = await client.products({ first: 3, after, updatedAfter: '2020-01-01T00:00:00Z' });
      sawManyVariants ||= page.nodes.some((p) => p.variants.length === 130);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(sawManyVariants).toBe(true);
    const variant = t.shop.control.products().find((p) => p.status === 'ACTIVE')!.variants[0]!;
    const draft = await client.draftOrderCreate({
      lineItems: [
        { variantId: `gid://shopify/ProductVariant/${variant.id}`, quantity: 1 },
        {
          title: 'Seal',
          unitPrice: { amount: '12.50', currencyCode: 'NOK' },
          quantity: 2,
          sku: 'S-1',
          requiresShipping: true,
          taxable: true,
        },
      ],
      tags: ['service-order:docs'],
      note: 'documents test',
      paymentPending: true,
    });
    await client.draftOrderComplete(draft.id);
    await client.findDraftOrder(draft.id);
    await client.findDraftOrderByTag('service-order:docs');
    await client.webhookSubscriptionCreate(
      'PRODUCTS_UPDATE',
      'https://portal.example.com/api/shopify/webhooks',
    );
    await client.webhookSubscriptions(['PRODUCTS_UPDATE', 'APP_UNINSTALLED']);
  } finally {
    spy.mockRestore();
  }
}

describe("the documents the server sends, against Shopify's published Admin schema", () => {
  it('keeps the pinned version and the one before it, the files as Shopify published them', () => {
    expect(schemas.map((s) => s.version)).toEqual(['2026-10', '2026-07']);
    for (const v of ADMIN_SCHEMA_VERSIONS) {
      const sha = createHash('sha256')
        .update(readFileSync(adminSchemaFile(v)))
        .digest('hex');
      expect(sha, `apps/demo-shop/schema/admin_${v}.json.gz`).toBe(ADMIN_SCHEMA_SHA256[v]);
    }
    for (const s of schemas) expect(s.schema.getQueryType()?.name).toBe('QueryRoot');
  });

  it('every document, with the variables the client really sends, is valid, current and within the scopes', async () => {
    await recordWhatTheClientSends();
    // Each document the client knows was exercised (a new one must be driven above).
    const sentQueries = new Set(sent.map((s) => s.query));
    for (const [name, doc] of Object.entries(SHOP_DOCUMENTS)) {
      expect(sentQueries.has(doc), `${name} was not sent by any client operation`).toBe(true);
    }
    for (const s of sent) {
      expect(
        (Object.values(SHOP_DOCUMENTS) as string[]).includes(s.query),
        `a document outside queries.ts: ${s.query}`,
      ).toBe(true);
      for (const schema of schemas) {
        expect(checkDocument(schema, s.query, s.variables, scopes)).toEqual([]);
      }
    }
  }, 120_000);

  it('queries.ts lists every document it holds, and no other server file writes a GraphQL document', () => {
    const exported = Object.entries(queries).filter(
      ([, v]) => typeof v === 'string' && /^\s*(query|mutation)\b/.test(v),
    );
    expect(exported.map(([k]) => k).sort()).toEqual(Object.keys(SHOP_DOCUMENTS).sort());

    const src = fileURLToPath(new URL('../../', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const rel = relative(src, path);
          if (rel === join('integrations', 'shop', 'queries.ts')) continue;
          const text = readFileSync(path, 'utf8');
          if (/\/\*\s*GraphQL\s*\*\/|`\s*(query|mutation)\s+[A-Z]\w*\s*[({]/.test(text)) offenders.push(rel);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});

describe('the check refuses what Shopify would refuse', () => {
  const pinned = () => schemas[0]!;

  it('a field needing a scope the app does not request: DraftOrder.order needs read_orders', () => {
    const problems = checkDocument(
      pinned(),
      `query ($id: ID!) { draftOrder(id: $id) { id order { id name } } }`,
      { id: 'gid://shopify/DraftOrder/1' },
      scopes,
    );
    expect(problems).toEqual([expect.stringMatching(/scope: DraftOrder\.order needs read_orders or/)]);
    // With the scope requested it passes: the check is about scopes, not about the field.
    expect(
      checkDocument(
        pinned(),
        `query ($id: ID!) { draftOrder(id: $id) { id order { id name } } }`,
        { id: 'gid://shopify/DraftOrder/1' },
        [...scopes, 'read_orders'],
      ),
    ).toEqual([]);
  });

  it('write scopes imply read scopes, and nothing else', () => {
    const doc = `query { draftOrders(first: 1) { nodes { id } } }`;
    expect(checkDocument(pinned(), doc, {}, ['write_draft_orders'])).toEqual([]);
    expect(checkDocument(pinned(), doc, {}, ['read_products'])).toEqual([
      expect.stringMatching(/scope: DraftOrderConnection\.nodes needs read_draft_orders or read_quick_sale/),
    ]);
  });

  it('deprecated fields, arguments, and input fields inside the variables', () => {
    expect(
      checkDocument(
        pinned(),
        `mutation ($id: ID!) { draftOrderComplete(id: $id, paymentPending: true) { draftOrder { id totalPrice } userErrors { message } } }`,
        { id: 'gid://shopify/DraftOrder/1' },
        scopes,
      ),
    ).toEqual([
      expect.stringMatching(/deprecated: .*paymentPending/),
      expect.stringMatching(/deprecated: .*DraftOrder\.totalPrice/),
    ]);
    expect(
      checkDocument(
        pinned(),
        queries.DRAFT_ORDER_CREATE,
        { input: { lineItems: [{ title: 'Seal', originalUnitPrice: '1.00', quantity: 1 }] } },
        scopes,
      ),
    ).toEqual([expect.stringMatching(/deprecated: \$input\.lineItems\[0\]\.originalUnitPrice/)]);
  });

  it('unknown fields and variables that do not coerce', () => {
    expect(
      checkDocument(pinned(), `query { products(first: 1) { nodes { id colour } } }`, {}, scopes),
    ).toEqual([expect.stringMatching(/invalid: Cannot query field "colour" on type "Product"/)]);
    expect(
      checkDocument(pinned(), queries.PRODUCTS_QUERY, { first: 'many', after: null, query: null }, scopes),
    ).toEqual([expect.stringMatching(/variables: Variable "\$first" got invalid value "many"/)]);
    expect(
      checkDocument(
        pinned(),
        queries.WEBHOOK_SUBSCRIPTIONS_QUERY,
        { first: 10, topics: ['PRODUCTS_EXPLODE'] },
        scopes,
      ),
    ).toEqual([expect.stringMatching(/variables: .*PRODUCTS_EXPLODE/)]);
  });

  it('the documents the portal sent before issue 24 are refused (the 500 after the order was made)', () => {
    const before = `mutation DraftOrderComplete($id: ID!, $paymentPending: Boolean) {
      draftOrderComplete(id: $id, paymentPending: $paymentPending) {
        draftOrder { id name status tags totalPrice currencyCode createdAt completedAt order { id name } }
        userErrors { field message }
      }
    }`;
    const problems = checkDocument(
      pinned(),
      before,
      { id: 'gid://shopify/DraftOrder/1', paymentPending: true },
      scopes,
    );
    expect(problems.some((p) => /deprecated: .*paymentPending/.test(p))).toBe(true);
    expect(problems.some((p) => /deprecated: .*totalPrice/.test(p))).toBe(true);
    expect(problems.some((p) => /scope: DraftOrder\.order needs read_orders/.test(p))).toBe(true);
  });
});
