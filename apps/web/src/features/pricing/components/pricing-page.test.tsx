import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRICING, PRICING_MESSAGES as P } from '@service-portal/shared/pricing';
import type { CategoryPricing, PricingConfig } from '@service-portal/shared/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalAdmin, serviceManager } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler, RecordedRequest } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/pricing.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const STAMP = '2026-03-01T09:00:00.000Z';

function config(overrides: Partial<PricingConfig> = {}): PricingConfig {
  return { ...DEFAULT_PRICING, categories: [], isDefault: true, updatedAt: null, version: 0, ...overrides };
}

function category(overrides: Partial<CategoryPricing> = {}): CategoryPricing {
  return {
    id: 'c1000000-0000-4000-8000-000000000001',
    category: 'shipping',
    pricingType: 'fixed',
    price: 49_900,
    intervalMinutes: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 1,
    ...overrides,
  };
}

function start(routes: Record<string, Handler> = {}, user = serviceManager) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: user },
    'GET /api/pricing': { status: 200, body: config() },
    'GET /api/pricing/rental-products': { status: 200, body: [] },
    ...routes,
  });
  return { ...api, ...renderApp('/pricing', { signedInAs: user }) };
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const select = (label: RegExp) => screen.getByLabelText(label, { selector: 'select' });
const saveButton = () =>
  within(screen.getByRole('form', { name: 'Basic Settings' })).getByRole('button', { name: 'Save' });
const sent = (calls: RecordedRequest[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

describe('pricing page', { timeout: 20_000 }, () => {
  it('says "No Service Partner" in the spec words to a global admin without a chosen partner, and asks the server nothing', async () => {
    // Original spec §6, through the one partner guard (RequirePartner screen="pricing").
    const { calls } = start(
      { 'GET /api/pricing': { status: 400, body: problem(400, 'partner_required', 'Pick a partner') } },
      globalAdmin,
    );
    expect(await screen.findByRole('heading', { name: P.noServicePartnerTitle })).toBeInTheDocument();
    expect(screen.getByText(P.noServicePartner)).toBeInTheDocument();
    expect(
      screen.getByText('As a global administrator, choose a service partner to act for first.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/pricing')).toBe(false);
  });

  it('shows the page when the server answers 403 no_service_partner', async () => {
    start({
      'GET /api/pricing': { status: 403, body: problem(403, 'no_service_partner', P.noServicePartner) },
    });
    expect(await screen.findByRole('heading', { name: P.noServicePartnerTitle })).toBeInTheDocument();
  });

  it('says "Failed to load pricing" on other errors', async () => {
    start({ 'GET /api/pricing': { status: 404, body: problem(404, 'not_found', 'Nope') } });
    expect(await screen.findByText('Failed to load pricing (404: Nope)')).toBeInTheDocument();
  });

  it('requires an hourly rate above 0 and positive rental rates when given; sends nothing', async () => {
    const { user, calls } = start();
    const rate = await screen.findByLabelText(/^Default hourly rate/, { selector: 'input' });
    expect(rate).toHaveValue('950.00');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.type(input(/^Default daily rental rate/), '0');
    await user.type(input(/^Default weekly rental rate/), '-5');
    await user.click(saveButton());

    expect(await screen.findByText(P.hourlyRatePositive)).toBeInTheDocument();
    expect(screen.getByText(P.dailyRatePositive)).toBeInTheDocument();
    expect(screen.getByText(P.weeklyRatePositive)).toBeInTheDocument();
    await user.clear(rate);
    await user.click(saveButton());
    expect(await screen.findByText(P.hourlyRateRequired)).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')).toHaveLength(0);
  });

  it('saves with version 0 the first time, in minor units, and says so', async () => {
    const { user, calls } = start({
      'PUT /api/pricing': (request) => ({
        status: 200,
        body: config({ ...(request.body as object), isDefault: false, version: 1, updatedAt: STAMP }),
      }),
    });
    const rate = await screen.findByLabelText(/^Default hourly rate/, { selector: 'input' });
    await user.clear(rate);
    await user.type(rate, '1,250.55');
    await user.selectOptions(select(/^Currency/), 'EUR');
    await user.selectOptions(select(/^Time rounding interval/), '30');
    await user.selectOptions(select(/^Rounding direction/), 'nearest');
    await user.type(input(/^Default weekly rental rate/), '3000');
    // The dispatch board's default duration for repairs; the others stay without one.
    await user.type(input(/^Repair/), '90');
    // The VAT rate of estimates and service reports (issue 27): a comma reads as the decimal point.
    await user.clear(input(/^VAT rate/));
    await user.type(input(/^VAT rate/), '12,5');
    await user.click(saveButton());

    expect(await screen.findByText('Pricing configuration saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')[0]?.body).toEqual({
      defaultHourlyRate: 125_055,
      currency: 'EUR',
      roundingIntervalMinutes: 30,
      roundingDirection: 'nearest',
      defaultDailyRentalRate: null,
      defaultWeeklyRentalRate: 300_000,
      defaultDurations: { repair: 90, maintenance: null, warranty: null },
      vatRate: 12.5,
      estimateReminderDays: 3,
      workingDays: [true, true, true, true, true, false, false],
      version: 0,
    });
  });

  it('sends the days before an estimate expires that the customer is reminded, and refuses 31', async () => {
    const { user, calls } = start({
      'GET /api/pricing': { status: 200, body: config({ estimateReminderDays: 1 }) },
      'PUT /api/pricing': (request) => ({
        status: 200,
        body: config({ ...(request.body as object), isDefault: false, version: 1, updatedAt: STAMP }),
      }),
    });
    await screen.findByLabelText(/^Default hourly rate/, { selector: 'input' });
    const days = input(/^Remind the customer before an estimate expires/);
    expect(days).toHaveValue('1');
    expect(
      screen.getByText('The reminder goes 1 day before the estimate’s last valid day'),
    ).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '31');
    await user.click(saveButton());
    expect(await screen.findByText('Remind at most 30 days before expiry')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '2.5');
    await user.click(saveButton());
    expect(await screen.findByText('Use whole days')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '0');
    expect(screen.getByText('0: no reminder is sent')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '7');
    expect(
      screen.getByText('The reminder goes 7 days before the estimate’s last valid day'),
    ).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('Pricing configuration saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')[0]?.body).toMatchObject({
      estimateReminderDays: 7,
      version: 0,
    });
  });

  it('refuses a VAT rate above 100 % or with three decimals, and sends nothing', async () => {
    const { user, calls } = start({});
    await screen.findByLabelText(/^Default hourly rate/, { selector: 'input' });
    const vat = input(/^VAT rate/);
    expect(vat).toHaveValue('25');
    await user.clear(vat);
    await user.type(vat, '150');
    await user.click(saveButton());
    expect(await screen.findByText('VAT rate cannot be above 100 %')).toBeInTheDocument();
    await user.clear(vat);
    await user.type(vat, '12.345');
    await user.click(saveButton());
    expect(await screen.findByText('Use at most two decimals')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')).toHaveLength(0);
  });

  it("edits the partner's working days and refuses a week without one", async () => {
    const { user, calls } = start({
      'PUT /api/pricing': (request) => ({
        status: 200,
        body: config({ ...(request.body as object), isDefault: false, version: 1, updatedAt: STAMP }),
      }),
    });
    const days = within(await screen.findByRole('group', { name: /^Working days/ }));
    expect(days.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(days.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await user.click(days.getByRole('checkbox', { name: day }));
    await user.click(saveButton());
    expect(await screen.findByText('Choose at least one working day')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')).toHaveLength(0);

    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await user.click(days.getByRole('checkbox', { name: day }));
    await user.click(saveButton());
    expect(await screen.findByText('Pricing configuration saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')[0]?.body).toMatchObject({
      workingDays: [false, true, true, true, true, true, false],
    });
  });

  it('refuses a default duration of zero minutes (never counted as free)', async () => {
    const { user, calls } = start({});
    await screen.findByLabelText(/^Default hourly rate/, { selector: 'input' });
    await user.type(input(/^Maintenance/), '0');
    await user.click(saveButton());
    expect(
      await screen.findByText('The duration must be a whole number of minutes, at least 1.'),
    ).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/pricing')).toHaveLength(0);
  });

  it('offers a reload on a 409 conflict, and "Failed to save pricing" on other errors', async () => {
    let answer = 409;
    const { user, calls } = start({
      'PUT /api/pricing': () => ({
        status: answer,
        body: problem(answer, answer === 409 ? 'version_conflict' : 'x', 'Bad'),
      }),
    });
    await screen.findByLabelText(/^Default hourly rate/, { selector: 'input' });
    await user.click(saveButton());
    expect(await screen.findByText(/Someone else changed the pricing/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(sent(calls, 'GET', '/api/pricing')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByText(/Someone else changed the pricing/)).not.toBeInTheDocument(),
    );

    answer = 422;
    await user.click(saveButton());
    expect(await screen.findByText('Failed to save pricing (422: Bad)')).toBeInTheDocument();
  });

  it('adds a fixed category price and deletes one, with the spec messages', async () => {
    let categories: CategoryPricing[] = [
      category({
        id: 'c1000000-0000-4000-8000-000000000009',
        category: 'other',
        pricingType: 'hourly',
        price: 60_000,
        intervalMinutes: 30,
      }),
    ];
    const { user, calls } = start({
      'GET /api/pricing': () => ({ status: 200, body: config({ categories }) }),
      'POST /api/pricing/categories': (request) => {
        const created = category({ ...(request.body as Partial<CategoryPricing>) });
        categories = [...categories, created];
        return { status: 201, body: created };
      },
      'DELETE /api/pricing/categories/c1000000-0000-4000-8000-000000000009': () => {
        categories = categories.filter((c) => c.category !== 'other');
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Category Pricing' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('NOK 600.00')).toBeInTheDocument();
    expect(within(table).getByText('30 min')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(P.categoryRequired)).toBeInTheDocument();
    expect(screen.getByText(P.priceRequired)).toBeInTheDocument();

    await user.selectOptions(select(/^Category/), 'shipping');
    await user.selectOptions(select(/^Pricing type/), 'fixed');
    await user.type(input(/^Price/), '499');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/pricing/categories')[0]?.body).toEqual({
      category: 'shipping',
      pricingType: 'fixed',
      price: 49_900,
      intervalMinutes: null,
    });
    expect(await screen.findByText('NOK 499.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Other' }));
    await user.click(await screen.findByRole('button', { name: 'Delete the price' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('NOK 600.00')).not.toBeInTheDocument());
  });

  it('says "Failed to add pricing" and "Failed to delete pricing" when the server refuses', async () => {
    const { user, calls } = start({
      'GET /api/pricing': { status: 200, body: config({ categories: [category()] }) },
      'POST /api/pricing/categories': { status: 409, body: problem(409, 'conflict', 'Already priced') },
      'DELETE /api/pricing/categories/c1000000-0000-4000-8000-000000000001': {
        status: 404,
        body: problem(404, 'not_found', 'Gone'),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Category Pricing' }));
    await user.selectOptions(await screen.findByLabelText(/^Category/, { selector: 'select' }), 'other');
    await user.type(input(/^Price/), '10');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add pricing (409: Already priced)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Shipping' }));
    await user.click(await screen.findByRole('button', { name: 'Delete the price' }));
    expect(
      await screen.findByText('Failed to delete pricing (404: Gone)', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      sent(calls, 'DELETE', '/api/pricing/categories/c1000000-0000-4000-8000-000000000001'),
    ).toHaveLength(1);
  });
  it('rental product prices: a unit must be chosen and amounts must parse before anything is sent', async () => {
    const { user, calls } = start();
    const form = await screen.findByRole('form', { name: 'Rental product pricing' });
    await user.type(within(form).getByLabelText(/^Daily price/, { selector: 'input' }), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose a rental product')).toBeInTheDocument();
    expect(within(form).getByText('Too many decimals')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
