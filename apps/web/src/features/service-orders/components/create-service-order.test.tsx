import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupRoutes, serviceManager, serviceOrder } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';
import { displayTimeZone } from '../../../lib/dates.ts';
import { i18n } from '../../../lib/i18n.ts';
import nb from '../../../locales/nb.json';
import { todayIn } from '@service-portal/shared/zoned-days';

// Loads the lazy screen before the first test, so no test pays for compiling it.
beforeAll(async () => {
  await import('../../../app/routes/service-order-new.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

function start(routes: Record<string, Handler> = {}, path = '/service-orders/new') {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...lookupRoutes,
    'POST /api/service-orders': { status: 201, body: serviceOrder() },
    ...routes,
  });
  const view = renderApp(path, { signedInAs: serviceManager });
  return { ...api, ...view };
}

const field = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' });
const posts = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/service-orders');

async function fillRequired(user: ReturnType<typeof start>['user']) {
  await user.type(field(/^Customer name/), 'Kari Nordmann');
  await user.type(field(/^Customer e-mail/), 'kari@example.no');
  await user.type(field(/^Title/), 'Heater does not ignite');
}

async function submit(user: ReturnType<typeof start>['user']) {
  await user.click(screen.getByRole('button', { name: 'Create service order' }));
}

/**
 * A day counted from today on the partner's clock, as the form counts it (the browser's day differs
 * for an hour or more around midnight: from 23:00 UTC it is already tomorrow in Oslo).
 */
function daysFromToday(days: number): string {
  const date = new Date(`${todayIn(displayTimeZone())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// The whole form renders in jsdom for every test; give a slow CI machine room.
describe('new service order: the spec §5 rules, from the shared schema', { timeout: 20_000 }, () => {
  it("starts with the customer's details when opened from the customer's page", async () => {
    const id = 'c0000000-0000-4000-8000-000000000001';
    start(
      {
        [`GET /api/customers/${id}`]: {
          status: 200,
          body: {
            id,
            name: 'Kari Kunde',
            email: 'kari@example.com',
            phone: '+47 912 34 567',
            address: 'Storgata 1',
            notes: null,
            orderCount: 0,
            openOrderCount: 0,
            lastOrderAt: null,
            mergedIntoId: null,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
            version: 1,
          },
        },
      },
      `/service-orders/new?customer=${id}`,
    );
    await waitFor(() => expect(field(/^Customer name/)).toHaveValue('Kari Kunde'));
    expect(field(/^Customer e-mail/)).toHaveValue('kari@example.com');
    expect(field(/^Phone/)).toHaveValue('+47 912 34 567');
  });

  it('says what is required and sends nothing', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });

    await submit(user);

    expect(await screen.findByText(M.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(M.customerNameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.required)).toBeInTheDocument(); // the customer e-mail
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(field(/^Customer name/)).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);
  });

  it.each([
    ['Title', 'x'.repeat(200), M.titleTooLong],
    ['Customer name', 'x'.repeat(100), M.customerNameTooLong],
    ['Customer e-mail', 'kari@example', M.emailInvalid],
    ['Phone', '12-ab', M.phoneInvalid],
    ['Estimated cost', '-12.50', M.estimatedCostNegative],
  ])('%s: "%s…" → "%s"', async (label, value, message) => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    const input = field(new RegExp(`^${label}`));
    await user.clear(input);
    // Long values are pasted: typing 200 characters one by one is slow and proves nothing more.
    await user.click(input);
    await user.paste(value);

    await submit(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('accepts the longest title and name the spec allows', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await user.click(field(/^Title/));
    await user.paste('x'.repeat(199));
    await user.click(field(/^Customer name/));
    await user.paste('y'.repeat(99));
    await user.type(field(/^Customer e-mail/), 'kari@example.no');

    await submit(user);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
  });

  it('refuses a scheduled date in the past and accepts today', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);

    fireEvent.change(field('Scheduled date'), { target: { value: daysFromToday(-1) } });
    await submit(user);
    expect(await screen.findByText(M.scheduledDateInPast)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(field('Scheduled date'), { target: { value: daysFromToday(0) } });
    await submit(user);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ scheduledDate: daysFromToday(0) });
  });

  it('checks every spare part line', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add spare part' }));
    // The lines' fields load on this first click; the new line's part number takes focus.
    const line = within(await screen.findByRole('group', { name: 'Part 1' }));
    await waitFor(() => expect(line.getByLabelText(/^Part number/)).toHaveFocus());
    await user.clear(line.getByLabelText(/^Quantity/));
    await user.type(line.getByLabelText(/^Quantity/), '0');
    await user.type(line.getByLabelText(/^Unit cost/), '-1');

    await submit(user);

    expect(await line.findByText(M.partNumberRequired)).toBeInTheDocument();
    expect(line.getByText(M.partNameRequired)).toBeInTheDocument();
    expect(line.getByText(M.quantityPositive)).toBeInTheDocument();
    expect(line.getByText(M.unitCostNegative)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('adds and removes lines inline and totals them per currency', async () => {
    const { user } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await user.click(screen.getByRole('button', { name: 'Add spare part' }));
    await user.click(screen.getByRole('button', { name: 'Add spare part' }));
    const first = within(await screen.findByRole('group', { name: 'Part 1' }));
    await screen.findByRole('group', { name: 'Part 2' });
    await user.clear(first.getByLabelText(/^Quantity/));
    await user.type(first.getByLabelText(/^Quantity/), '3');
    await user.type(first.getByLabelText(/^Unit cost/), '19.99');
    expect(first.getByText('NOK 59.97')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove part 2' }));
    expect(screen.queryByRole('group', { name: 'Part 2' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('status', { name: 'Total' })).getByText('NOK 59.97')).toBeInTheDocument();
  });

  it('requires details when a checkpoint is answered "Other", and at most 2000 characters', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    const heater = screen.getByRole('radiogroup', { name: 'Heater element' });
    await user.click(within(heater).getByRole('radio', { name: 'Other / not applicable' }));

    await submit(user);
    expect(await screen.findByText(M.detailsRequired)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.click(field(/^Additional details/));
    await user.paste('d'.repeat(2001));
    await submit(user);
    expect(await screen.findByText(M.detailsTooLong)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('requires details for other parts submitted', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    const parts = screen.getByRole('group', { name: 'Toilet parts submitted' });
    await user.click(within(parts).getByRole('checkbox', { name: 'Other' }));

    await submit(user);

    expect(await screen.findByText(M.detailsRequired)).toBeInTheDocument();
    expect(field(/^Other parts submitted/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the messages in Norwegian and Spanish', async () => {
    const { user } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await i18n.changeLanguage('nb');
    await user.click(await screen.findByRole('button', { name: nb.serviceOrders.form.create }));
    expect(await screen.findByText(nb.validation.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(nb.validation.customerNameRequired)).toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByText('El título es obligatorio')).toBeInTheDocument();
  });

  it('sends amounts as exact minor units and shows the new order', async () => {
    const { user, calls, router } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    await user.type(field(/^Estimated cost/), '1,250.29');
    await user.click(screen.getByRole('button', { name: 'Add spare part' }));
    const line = within(await screen.findByRole('group', { name: 'Part 1' }));
    await user.type(line.getByLabelText(/^Part number/), 'HE-220');
    await user.type(line.getByLabelText(/^Part name/, { selector: 'input' }), 'Heater element');
    await user.type(line.getByLabelText(/^Unit cost/), '0.29');

    await submit(user);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      title: 'Heater does not ignite',
      customerName: 'Kari Nordmann',
      customerEmail: 'kari@example.no',
      estimatedCost: 125029,
      currency: 'NOK',
      priority: 'normal',
      serviceType: 'repair',
      spareParts: [
        { partNumber: 'HE-220', partName: 'Heater element', quantity: 1, unitCost: 29, currency: 'NOK' },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service-orders/${serviceOrder().id}`));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('puts the server\u2019s field errors on the fields', async () => {
    const { user } = start({
      'POST /api/service-orders': {
        status: 400,
        body: {
          ...problem(400, 'validation_failed', 'The request is not valid.'),
          errors: [{ path: 'scheduledDate', message: M.scheduledDateInPast }],
        },
      },
    });
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    await submit(user);

    expect(await screen.findByText(M.scheduledDateInPast)).toBeInTheDocument();
    expect(
      screen.getByText('Failed to save service order. (400: The request is not valid.)'),
    ).toBeInTheDocument();
  });

  it('stays usable when technicians and locations cannot be loaded', async () => {
    const { user, calls } = start({
      'GET /api/technicians': { status: 404, body: problem(404, 'not_found') },
      'GET /api/warehouse-locations/options': 'network-error',
    });
    await screen.findByRole('heading', { name: 'New Service Order' });
    expect(await screen.findByText('Failed to load technicians.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load warehouse locations.')).toBeInTheDocument();

    await fillRequired(user);
    await submit(user);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
  });

  it('assigns a technician picked from the list', async () => {
    const { user, calls } = start();
    await screen.findByRole('heading', { name: 'New Service Order' });
    await fillRequired(user);
    await user.click(screen.getByRole('combobox', { name: 'Assigned technician' }));
    await user.click(await screen.findByRole('option', { name: 'Tor Teknikk' }));

    await submit(user);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      assignedTechnicianId: 'e0000000-0000-4000-8000-000000000001',
    });
  });
});
