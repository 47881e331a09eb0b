// Over 500 lines on purpose: the pricing API tests share one world that takes seconds to build; a
// second file would build it again.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICING_MESSAGES as P,
  type CategoryPricing,
  type PricingConfig,
  type RentalProductPricing,
} from '@service-portal/shared/pricing';
import { categoryPricing, pricingConfigs, rentalProductPricing } from '../../db/schema/pricing.ts';
import { users } from '../../db/schema/users.ts';
import { createPricingRepository } from './pricing.repository.ts';
import { createPricingService, type PricingService } from './pricing.service.ts';
import { signIn } from '../../../test/helper.ts';
import { actingFor, createOrdersWorld, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let orphanAdmin: string;
let noPartner: string;
const tested = new Set<string>();
/**
 * The rental products the tests say exist, product id → partner id. The app has none until the
 * rentals feature lands (every PUT is 404); a service built on the same database with this port
 * checks the price rules meanwhile.
 */
const owned = new Map<string, string>();
let rentalPrices: PricingService;
const putRental = (
  partnerId: string,
  product: string,
  input: { dailyPrice?: number | null; weeklyPrice?: number | null; version: number },
) => rentalPrices.putRental({ partnerId }, product, { dailyPrice: null, weeklyPrice: null, ...input });

beforeAll(async () => {
  w = await createOrdersWorld();
  rentalPrices = createPricingService(createPricingRepository(w.ctx.app.db), {
    owns: async (scope, id) => owned.get(id) === scope.partnerId,
  });
  // An Administrator whose user record names no service partner (spec §6 "No Service Partner").
  await w.ctx.app.db.insert(users).values({
    email: 'orphan.admin@example.com',
    firstName: 'Otto',
    lastName: 'Orphan',
    roles: ['Administrator'],
    servicePartnerId: null,
  });
  orphanAdmin = await signIn(w.ctx, 'orphan.admin@example.com');
  noPartner = await signIn(w.ctx, 'nopartner@example.com');
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);
const office = () => w.api(w.tokens.office);
const fjord = () => w.api(w.tokens.fjord);
const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

const settings = {
  defaultHourlyRate: 95_000,
  currency: 'NOK',
  roundingIntervalMinutes: 15,
  roundingDirection: 'up',
};

describe('GET /api/pricing', () => {
  it('answers the defaults (NOK 950/h, 15 minutes, up) until the partner saves, saying so', async () => {
    const res = await fjord().get('/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.json<PricingConfig>()).toEqual({
      defaultHourlyRate: 95_000,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      defaultDailyRentalRate: null,
      defaultWeeklyRentalRate: null,
      defaultDurations: { repair: null, maintenance: null, warranty: null },
      vatRate: 25,
      workingDays: [true, true, true, true, true, false, false],
      estimateReminderDays: 3,
      categories: [],
      isDefault: true,
      updatedAt: null,
      version: 0,
    });
    tested.add('GET /api/pricing');
  });
});

describe('OpenAPI', () => {
  it('documents the pricing and work-log routes from their schemas', async () => {
    const res = await w.ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/pricing',
        '/api/pricing/categories/{id}',
        '/api/pricing/rental-products/{rentalProductId}',
        '/api/service-orders/{id}/work-logs/{logId}/timer/start',
        '/api/service-orders/{id}/totals',
      ]),
    );
  });
});

describe('access (spec §6)', () => {
  it('refuses a technician with 403 on every pricing route', async () => {
    const tech = w.api(w.tokens.tech);
    const id = randomUUID();
    const calls = [
      tech.get('/pricing'),
      tech.put('/pricing', { ...settings, version: 0 }),
      tech.get('/pricing/categories'),
      tech.post('/pricing/categories', { category: 'shipping', pricingType: 'fixed', price: 1 }),
      tech.get(`/pricing/categories/${id}`),
      tech.put(`/pricing/categories/${id}`, {
        category: 'shipping',
        pricingType: 'fixed',
        price: 1,
        version: 1,
      }),
      tech.del(`/pricing/categories/${id}`),
      tech.get('/pricing/rental-products'),
      tech.get(`/pricing/rental-products/${id}`),
      tech.put(`/pricing/rental-products/${id}`, { dailyPrice: 100, version: 0 }),
      tech.del(`/pricing/rental-products/${id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('lets an Administrator and a ServiceManager in', async () => {
    expect((await office().get('/pricing')).statusCode).toBe(200);
    expect((await manager().get('/pricing')).statusCode).toBe(200);
  });

  it('answers an Administrator without a service partner with "No Service Partner"', async () => {
    const orphan = w.api(orphanAdmin);
    for (const res of [
      await orphan.get('/pricing'),
      await orphan.put('/pricing', { ...settings, version: 0 }),
      await orphan.get('/pricing/categories'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status: 403,
        code: 'no_service_partner',
        detail: P.noServicePartner,
      });
    }
    // Other partner routes keep the plugin's answer for the same user.
    const orders = await orphan.get('/service-orders');
    expect(orders.json().code).toBe('user_not_configured');
  });

  it('a user with neither role nor partner is refused for the role first', async () => {
    const res = await w.api(noPartner).get('/pricing');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('a global administrator works on the pricing of the partner they name, and must name one', async () => {
    const asNordic = await w.api(w.tokens.admin, actingFor(w.partners.nordic)).get('/pricing');
    expect(asNordic.statusCode).toBe(200);
    expect((await manager().get('/pricing')).json()).toEqual(asNordic.json());
    const unnamed = await w.api(w.tokens.admin).get('/pricing');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().code).toBe('partner_required');
  });
});

describe('PUT /api/pricing', () => {
  it('validates with the spec messages and stores nothing', async () => {
    const empty = await manager().put('/pricing', { version: 0 });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.json())).toMatchObject({
      defaultHourlyRate: P.hourlyRateRequired,
      currency: P.currencyRequired,
    });
    const bad = await manager().put('/pricing', {
      ...settings,
      defaultHourlyRate: 0,
      currency: 'SEK',
      roundingIntervalMinutes: 7,
      defaultDailyRentalRate: 0,
      defaultWeeklyRentalRate: -100,
      version: 0,
    });
    expect(errorsOf(bad.json())).toEqual({
      defaultHourlyRate: P.hourlyRatePositive,
      currency: P.currencyRequired,
      roundingIntervalMinutes: P.roundingIntervalRequired,
      defaultDailyRentalRate: P.dailyRatePositive,
      defaultWeeklyRentalRate: P.weeklyRatePositive,
    });
    expect(await w.ctx.app.db.select().from(pricingConfigs)).toEqual([]);
  });

  it('saves over the defaults with version 0, then only with the version last read', async () => {
    const first = await manager().put('/pricing', {
      ...settings,
      defaultHourlyRate: 120_000,
      defaultDailyRentalRate: 45_000,
      version: 0,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json<PricingConfig>();
    expect(saved).toMatchObject({
      defaultHourlyRate: 120_000,
      defaultDailyRentalRate: 45_000,
      defaultWeeklyRentalRate: null,
      isDefault: false,
      version: 1,
    });
    expect(saved.updatedAt).not.toBeNull();
    tested.add('PUT /api/pricing');

    // A second "first save" (another tab still showing the defaults) loses.
    const again = await office().put('/pricing', { ...settings, version: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('version_conflict');

    const second = await office().put('/pricing', { ...settings, roundingDirection: 'nearest', version: 1 });
    expect(second.json<PricingConfig>()).toMatchObject({
      roundingDirection: 'nearest',
      defaultDailyRentalRate: null,
      version: 2,
    });
    const stale = await manager().put('/pricing', { ...settings, defaultHourlyRate: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await manager().get('/pricing')).json<PricingConfig>()).toMatchObject({
      defaultHourlyRate: 95_000,
      roundingDirection: 'nearest',
      version: 2,
      isDefault: false,
    });
  });

  it("keeps each partner's configuration to itself", async () => {
    const own = await fjord().get('/pricing');
    expect(own.json<PricingConfig>().isDefault).toBe(true);
    const saved = await fjord().put('/pricing', {
      ...settings,
      defaultHourlyRate: 89_000,
      roundingIntervalMinutes: 30,
      version: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect((await manager().get('/pricing')).json<PricingConfig>().defaultHourlyRate).toBe(95_000);
    expect((await fjord().get('/pricing')).json<PricingConfig>().defaultHourlyRate).toBe(89_000);
  });
});

describe('category pricing', () => {
  let shipping: CategoryPricing;

  it('adds a price per category, lists it and shows it with the configuration', async () => {
    const res = await manager().post('/pricing/categories', {
      category: 'shipping',
      pricingType: 'fixed',
      price: 35_000,
      intervalMinutes: 30,
    });
    expect(res.statusCode).toBe(201);
    shipping = res.json<CategoryPricing>();
    // A fixed price has no rounding interval.
    expect(shipping).toMatchObject({
      category: 'shipping',
      pricingType: 'fixed',
      price: 35_000,
      intervalMinutes: null,
      version: 1,
    });
    tested.add('POST /api/pricing/categories');
    const hourly = await manager().post('/pricing/categories', {
      category: 'extra_cleaning',
      pricingType: 'hourly',
      price: 60_000,
      intervalMinutes: 30,
    });
    expect(hourly.json()).toMatchObject({ intervalMinutes: 30 });

    const list = await manager().get('/pricing/categories');
    expect(list.json<CategoryPricing[]>().map((c) => c.category)).toEqual(['shipping', 'extra_cleaning']);
    tested.add('GET /api/pricing/categories');
    expect((await manager().get('/pricing')).json<PricingConfig>().categories).toHaveLength(2);
    const one = await manager().get(`/pricing/categories/${shipping.id}`);
    expect(one.json()).toEqual(shipping);
  });

  it('answers 409 for a category that has a price already', async () => {
    const res = await office().post('/pricing/categories', {
      category: 'shipping',
      pricingType: 'hourly',
      price: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('duplicate');
    const [cleaning] = (await manager().get('/pricing/categories'))
      .json<CategoryPricing[]>()
      .filter((c) => c.category === 'extra_cleaning');
    const moved = await manager().put(`/pricing/categories/${cleaning!.id}`, {
      category: 'shipping',
      pricingType: 'hourly',
      price: 1,
      version: cleaning!.version,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('duplicate');
  });

  it('validates with the messages of the form', async () => {
    const res = await manager().post('/pricing/categories', {
      pricingType: 'hourly',
      price: -1,
      intervalMinutes: 7,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json())).toEqual({
      category: P.categoryRequired,
      price: P.priceNegative,
      intervalMinutes: P.roundingIntervalRequired,
    });
  });

  it('changes with the version last read (409 otherwise), and removes', async () => {
    const changed = await manager().put(`/pricing/categories/${shipping.id}`, {
      category: 'shipping',
      pricingType: 'fixed',
      price: 39_000,
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ price: 39_000, version: 2 });
    tested.add('PUT /api/pricing/categories/:id');
    const stale = await office().put(`/pricing/categories/${shipping.id}`, {
      category: 'shipping',
      pricingType: 'fixed',
      price: 1,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');

    expect((await manager().del(`/pricing/categories/${shipping.id}`)).statusCode).toBe(204);
    tested.add('DELETE /api/pricing/categories/:id');
    expect((await manager().del(`/pricing/categories/${shipping.id}`)).statusCode).toBe(404);
    expect((await manager().get(`/pricing/categories/${shipping.id}`)).statusCode).toBe(404);
    const gone = await manager().put(`/pricing/categories/${shipping.id}`, {
      category: 'shipping',
      pricingType: 'fixed',
      price: 1,
      version: 2,
    });
    expect(gone.statusCode).toBe(404);
    // The category can be priced again.
    expect(
      (
        await manager().post('/pricing/categories', {
          category: 'shipping',
          pricingType: 'fixed',
          price: 35_000,
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('rental product pricing', () => {
  const product = randomUUID();

  it('refuses a price for a product the partner does not have (404, nothing stored)', async () => {
    for (const id of [randomUUID(), product]) {
      const res = await manager().put(`/pricing/rental-products/${id}`, { dailyPrice: 49_000, version: 0 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Rental product not found.' });
    }
    expect(await w.ctx.app.db.select().from(rentalProductPricing)).toEqual([]);
    tested.add('PUT /api/pricing/rental-products/:rentalProductId');
    // Fjord's product is not Nordic's to price either.
    owned.set(product, w.partners.fjord);
    await expect(putRental(w.partners.nordic, product, { dailyPrice: 1, version: 0 })).rejects.toMatchObject({
      status: 404,
    });
    owned.set(product, w.partners.nordic);
  });

  it('is 404 until set, then a daily and/or weekly price in the partner currency', async () => {
    expect((await manager().get(`/pricing/rental-products/${product}`)).statusCode).toBe(404);
    const created = await putRental(w.partners.nordic, product, { dailyPrice: 49_000, version: 0 });
    expect(created).toMatchObject({
      rentalProductId: product,
      dailyPrice: 49_000,
      weeklyPrice: null,
      currency: 'NOK',
      version: 1,
    });

    const both = await putRental(w.partners.nordic, product, {
      dailyPrice: 50_000,
      weeklyPrice: 250_000,
      version: 1,
    });
    expect(both).toMatchObject({ dailyPrice: 50_000, weeklyPrice: 250_000, version: 2 });
    await expect(putRental(w.partners.nordic, product, { weeklyPrice: 1, version: 1 })).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    await expect(putRental(w.partners.nordic, product, { weeklyPrice: 1, version: 0 })).rejects.toMatchObject(
      {
        status: 409,
      },
    );

    const weeklyOnly = await putRental(w.partners.nordic, product, {
      dailyPrice: null,
      weeklyPrice: 240_000,
      version: 2,
    });
    expect(weeklyOnly).toMatchObject({ dailyPrice: null, weeklyPrice: 240_000, version: 3 });
    const rows = await w.ctx.app.db
      .select()
      .from(rentalProductPricing)
      .where(eq(rentalProductPricing.rentalProductId, product));
    expect(rows.map((r) => [r.period, r.priceMinor])).toEqual([['weekly', 240_000]]);

    const one = await manager().get(`/pricing/rental-products/${product}`);
    expect(one.json()).toEqual(weeklyOnly);
    tested.add('GET /api/pricing/rental-products/:rentalProductId');
    const list = await manager().get('/pricing/rental-products');
    expect(list.json<RentalProductPricing[]>().map((r) => r.rentalProductId)).toEqual([product]);
    tested.add('GET /api/pricing/rental-products');
  });

  it('validates: greater than 0, at least one price', async () => {
    const zero = await manager().put(`/pricing/rental-products/${randomUUID()}`, {
      dailyPrice: 0,
      version: 0,
    });
    expect(errorsOf(zero.json())).toEqual({ dailyPrice: P.dailyPricePositive });
    const none = await manager().put(`/pricing/rental-products/${randomUUID()}`, { version: 0 });
    expect(errorsOf(none.json())).toEqual({ dailyPrice: P.rentalPriceRequired });
    const badId = await manager().get('/pricing/rental-products/not-a-uuid');
    expect(badId.statusCode).toBe(400);
  });

  it('removes the prices (the product falls back to the defaults)', async () => {
    expect((await manager().del(`/pricing/rental-products/${product}`)).statusCode).toBe(204);
    tested.add('DELETE /api/pricing/rental-products/:rentalProductId');
    expect((await manager().del(`/pricing/rental-products/${product}`)).statusCode).toBe(404);
    expect((await manager().get('/pricing/rental-products')).json()).toEqual([]);
  });
});

describe("Fjord's manager and Nordic's pricing (docs/decisions/002-tenancy.md)", () => {
  it('gets 404 for every Nordic record and changes nothing', async () => {
    const [cleaning] = (await manager().get('/pricing/categories'))
      .json<CategoryPricing[]>()
      .filter((c) => c.category === 'extra_cleaning');
    const product = randomUUID();
    owned.set(product, w.partners.nordic);
    await putRental(w.partners.nordic, product, { dailyPrice: 10_000, version: 0 });
    const before = {
      categories: await w.ctx.app.db
        .select()
        .from(categoryPricing)
        .where(eq(categoryPricing.servicePartnerId, w.partners.nordic)),
      rental: await w.ctx.app.db
        .select()
        .from(rentalProductPricing)
        .where(eq(rentalProductPricing.servicePartnerId, w.partners.nordic)),
      config: await w.ctx.app.db
        .select()
        .from(pricingConfigs)
        .where(eq(pricingConfigs.servicePartnerId, w.partners.nordic)),
    };
    const id = cleaning!.id;
    const cases: [string, () => ReturnType<ReturnType<OrdersWorld['api']>['get']>][] = [
      ['GET /api/pricing/categories/:id', () => fjord().get(`/pricing/categories/${id}`)],
      [
        'PUT /api/pricing/categories/:id',
        () =>
          fjord().put(`/pricing/categories/${id}`, {
            category: 'other',
            pricingType: 'fixed',
            price: 1,
            version: cleaning!.version,
          }),
      ],
      ['DELETE /api/pricing/categories/:id', () => fjord().del(`/pricing/categories/${id}`)],
      [
        'GET /api/pricing/rental-products/:rentalProductId',
        () => fjord().get(`/pricing/rental-products/${product}`),
      ],
      [
        'DELETE /api/pricing/rental-products/:rentalProductId',
        () => fjord().del(`/pricing/rental-products/${product}`),
      ],
    ];
    for (const [route, call] of cases) {
      const res = await call();
      expect({ route, status: res.statusCode, code: res.json().code }).toEqual({
        route,
        status: 404,
        code: 'not_found',
      });
      tested.add(route);
    }
    // Fjord's lists and configuration hold only its own.
    expect((await fjord().get('/pricing/categories')).json()).toEqual([]);
    expect((await fjord().get('/pricing/rental-products')).json()).toEqual([]);
    expect((await fjord().get('/pricing')).json<PricingConfig>().categories).toEqual([]);
    // Nordic's product cannot be priced by Fjord.
    const foreign = await fjord().put(`/pricing/rental-products/${product}`, {
      dailyPrice: 20_000,
      version: 0,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await manager().get(`/pricing/rental-products/${product}`)).json<RentalProductPricing>().dailyPrice,
    ).toBe(10_000);

    const after = {
      categories: await w.ctx.app.db
        .select()
        .from(categoryPricing)
        .where(eq(categoryPricing.servicePartnerId, w.partners.nordic)),
      rental: await w.ctx.app.db
        .select()
        .from(rentalProductPricing)
        .where(eq(rentalProductPricing.servicePartnerId, w.partners.nordic)),
      config: await w.ctx.app.db
        .select()
        .from(pricingConfigs)
        .where(eq(pricingConfigs.servicePartnerId, w.partners.nordic)),
    };
    expect(after).toEqual(before);
  });

  it('covers every pricing route (route walk)', () => {
    const routes = w.ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/pricing') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBe(11);
    expect(routes.filter((r) => !tested.has(r))).toEqual([]);
  });
});

describe('the VAT rate (issue 27)', () => {
  it('is 25 % until saved, keeps two decimals, and a PUT without it keeps the stored rate', async () => {
    const nordic = () => w.api(w.tokens.manager);
    const current = (await nordic().get('/pricing')).json<PricingConfig>();
    const base = {
      defaultHourlyRate: current.defaultHourlyRate,
      currency: current.currency,
      roundingIntervalMinutes: current.roundingIntervalMinutes,
      roundingDirection: current.roundingDirection,
    };
    const bad = await nordic().put('/pricing', { ...base, vatRate: 12.345, version: current.version });
    expect(bad.statusCode).toBe(400);
    const saved = await nordic().put('/pricing', { ...base, vatRate: 12.5, version: current.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PricingConfig>().vatRate).toBe(12.5);
    const kept = await nordic().put('/pricing', { ...base, version: saved.json<PricingConfig>().version });
    expect(kept.json<PricingConfig>().vatRate).toBe(12.5);
    const back = await nordic().put('/pricing', {
      ...base,
      vatRate: 25,
      version: kept.json<PricingConfig>().version,
    });
    expect(back.json<PricingConfig>().vatRate).toBe(25);
  });
});
