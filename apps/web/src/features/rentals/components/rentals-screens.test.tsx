import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Rental, RentalDashboard, RentalProduct } from '@service-portal/shared/rentals';
import { serviceManager, technician } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Image } from '@service-portal/shared/images';
import { problem, type Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/rentals.tsx');
  await import('../../../app/routes/rental-dashboard.tsx');
  await import('../../../app/routes/active-rentals.tsx');
  await import('../../../app/routes/rental-products.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const TODAY = '2026-03-10';
const overdue: Rental = {
  id: 'a0000000-0000-4000-8000-000000000001',
  kind: 'rental',
  status: 'overdue',
  rentalProductId: 'b0000000-0000-4000-8000-000000000001',
  unitName: 'Event toilet 1',
  serialNumber: 'RT-1001',
  customerId: 'c0000000-0000-4000-8000-000000000001',
  customerName: 'Festival AS',
  customerEmail: 'fest@example.net',
  customerPhone: null,
  startDate: '2026-03-02',
  dueDate: '2026-03-07',
  returnedDate: null,
  dailyRate: 50_000,
  weeklyRate: 250_000,
  lateFeePerDay: 20_000,
  currency: 'NOK',
  deposit: 0,
  notes: null,
  returnCondition: null,
  returnNotes: null,
  charges: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  version: 1,
};
const unit = (n: number, over: Partial<RentalProduct> = {}): RentalProduct => ({
  id: `b0000000-0000-4000-8000-00000000000${n}`,
  name: `Event toilet ${n}`,
  serialNumber: `RT-100${n}`,
  condition: 'good',
  isActive: true,
  catalogProductId: null,
  lateFeePerDay: 20_000,
  notes: null,
  availability: 'available',
  currentRentalId: null,
  nextBookingStart: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
  version: 1,
  ...over,
});
const dashboard: RentalDashboard = {
  today: TODAY,
  currency: 'NOK',
  unitsTotal: 2,
  available: 1,
  out: 1,
  overdue: 1,
  utilisation: 0.25,
  revenueThisMonth: 120_000,
  returnsDueThisWeek: [],
  overdueList: [overdue],
  upcomingBookings: 1,
};
const calendar: Handler = (request) => ({
  status: 200,
  body: {
    from: request.params.from,
    to: request.params.to,
    today: TODAY,
    units: [unit(1, { availability: 'overdue' }), unit(2)],
    entries: [
      {
        id: overdue.id,
        rentalProductId: unit(1).id,
        kind: 'rental',
        status: 'overdue',
        startDate: overdue.startDate,
        endDate: TODAY,
        customerName: 'Festival AS',
      },
    ],
  },
});

function jpeg(name: string, size = 2000) {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff]);
  return new File([bytes], name, { type: 'image/jpeg' });
}

const PHOTO_ID = 'd0000000-0000-4000-8000-000000000001';
const photo: Image = {
  id: PHOTO_ID,
  serviceOrderId: null,
  rentalId: overdue.id,
  category: 'product_photo',
  moment: null,
  description: null,
  source: 'staff',
  uploadedBy: null,
  originalType: 'image/jpeg',
  originalName: 'door.jpg',
  originalBytes: 2000,
  width: 100,
  height: 80,
  createdAt: '2026-03-10T10:00:00.000Z',
  thumbnailUrl: `/api/images/${PHOTO_ID}/thumbnail?exp=1&sig=x`,
  displayUrl: `/api/images/${PHOTO_ID}/display?exp=1&sig=x`,
  originalUrl: `/api/images/${PHOTO_ID}/original?exp=1&sig=x`,
};

function start(path: string, who = serviceManager, routes: Record<string, Handler> = {}, width?: number) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: who },
    'GET /api/rentals/dashboard': { status: 200, body: dashboard },
    'GET /api/rentals/calendar': calendar,
    'GET /api/rentals': {
      status: 200,
      body: { items: [overdue], total: 1, page: 1, pageSize: 20, today: TODAY },
    },
    'GET /api/rentals/products': (request) => ({
      status: 200,
      body: { items: [unit(1), unit(2)], total: 2, page: 1, pageSize: Number(request.params.pageSize ?? 12) },
    }),
    ...routes,
  });
  const view = renderApp(path, { signedInAs: who, ...(width ? { width } : {}) });
  return { ...api, ...view };
}

describe('rental screens', { timeout: 30_000 }, () => {
  it('the dashboard shows the figures and the overdue list; the return dialog shows the late fee before confirming', async () => {
    const { user, calls } = start('/rentals', serviceManager, {
      'POST /api/rentals/a0000000-0000-4000-8000-000000000001/return': (request) => ({
        status: 200,
        body: {
          ...overdue,
          status: 'returned',
          returnedDate: TODAY,
          version: 2,
          ...{ returnCondition: (request.body as { condition: string }).condition },
        },
      }),
    });
    expect(await screen.findByTestId('units-total')).toHaveTextContent('2');
    expect(screen.getByTestId('rentals-overdue')).toHaveTextContent('1');
    expect(screen.getByText('1 overdue rental')).toBeInTheDocument();
    await user.click(
      within(screen.getByTestId('overdue-list')).getByRole('button', { name: /Return Event toilet 1/ }),
    );
    const charges = await screen.findByTestId('return-charges');
    // 8 days (2 March to 10 March): one week at 2 500 and one day at 500; 3 days late × 200.
    expect(within(charges).getByText(/8 days/)).toBeInTheDocument();
    expect(screen.getByTestId('late-fee')).toHaveTextContent('3 days late');
    expect(screen.getByTestId('return-total')).toHaveTextContent(/3[\s,.\u00a0]?600/);
    await user.click(screen.getByRole('button', { name: 'Confirm return' }));
    await screen.findByText('The unit is returned.');
    const sent = calls.find((c) => c.url.endsWith('/return'));
    expect(sent?.body).toMatchObject({ returnedDate: TODAY, condition: 'good', version: 1 });
  });

  it('the return dialog sends a chosen photo first, then confirms; a refused photo stops the return', async () => {
    let refuse = true;
    const returned = { ...overdue, status: 'returned', returnedDate: TODAY, version: 2 };
    const { user, calls } = start('/rentals/active', serviceManager, {
      [`POST /api/rentals/${overdue.id}/photos`]: () =>
        refuse
          ? { status: 415, body: problem(415, 'unsupported_media_type', 'Invalid file type') }
          : { status: 201, body: [photo] },
      [`POST /api/rentals/${overdue.id}/return`]: { status: 200, body: returned },
      [`GET /api/rentals/${overdue.id}/photos`]: { status: 200, body: [photo] },
    });
    await user.click(await screen.findByRole('button', { name: 'Return Event toilet 1' }));
    expect(await screen.findByText('Photos of the returned unit (optional)')).toBeInTheDocument();
    await user.upload(screen.getByTestId('image-file-input'), [jpeg('door.jpg')]);
    expect(screen.getByText('door.jpg')).toBeInTheDocument();

    // The server refuses the file by its content: no return is sent, the dialog says why.
    await user.click(screen.getByRole('button', { name: 'Confirm return' }));
    expect(await screen.findByTestId('return-photos-failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid file type')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/return'))).toBe(false);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Confirm return' }));
    await screen.findByText('The unit is returned.');
    const sent = calls.filter((c) => c.url.endsWith('/photos') && c.method === 'POST');
    expect(sent).toHaveLength(2);
    const form = sent[1]!.body as FormData;
    expect((form.get('files') as File).name).toBe('door.jpg');
    const order = calls.map((c) => `${c.method} ${c.url}`);
    expect(order.lastIndexOf(`POST /api/rentals/${overdue.id}/photos`)).toBeLessThan(
      order.indexOf(`POST /api/rentals/${overdue.id}/return`),
    );

    // The row shows the rental's photos: the thumbnail opens the full picture.
    await user.click(screen.getByRole('button', { name: 'Photos Event toilet 1' }));
    const link = await within(await screen.findByTestId('rental-photos')).findByRole('link', {
      name: 'Open photo 1',
    });
    expect(link).toHaveAttribute('href', photo.displayUrl);
    expect(link.querySelector('img')).toHaveAttribute('src', photo.thumbnailUrl);
  });

  it('the calendar is a grid the arrow keys walk, marking rented, overdue and free days', async () => {
    const { user } = start('/rentals');
    const grid = await screen.findByRole('grid');
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells.some((c) => c.dataset.state === 'overdue')).toBe(true);
    expect(cells.some((c) => c.dataset.state === 'free')).toBe(true);
    const first = cells[0]!;
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cells[1]);
    await user.keyboard('{ArrowDown}');
    expect((document.activeElement as HTMLElement).dataset.cell).toBe('1-1');
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await within(await screen.findByRole('grid')).findAllByRole('gridcell')).toHaveLength(2 * 31);
  });

  it('rental products: five sorts, 12/24/48 per page; technicians do not manage', async () => {
    const { user, calls } = start('/rentals/products', technician);
    expect(await screen.findByText('Event toilet 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add unit' })).not.toBeInTheDocument();
    // Short fixed lists are native selects (issue 18: weight).
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name A-Z', 'Name Z-A', 'Condition best first', 'Condition worst first', 'Serial number']);
    await user.selectOptions(sort, 'Condition worst first');
    const perPage = screen.getByRole('combobox', { name: 'Per page' });
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['12', '24', '48']);
    await user.selectOptions(perPage, '48');
    expect(calls.at(-1)?.params).toMatchObject({ sort: 'condition_worst', pageSize: '48' });
  });
  it('searches rentals and units through the shared debounced input: one request after typing pauses, page 1', async () => {
    const { user, calls, router } = start('/rentals/all?page=2');
    const search = await screen.findByRole('textbox', { name: 'Search customer or serial number' });
    await user.type(search, 'Ola');
    await waitFor(() => expect(router.state.location.search).toContain('q=Ola'));
    expect(router.state.location.search).not.toContain('page=2');
    const searched = () =>
      calls
        .filter((c) => c.url === '/api/rentals' && c.params.search !== undefined)
        .map((c) => c.params.search);
    await waitFor(() => expect(searched()).toEqual(['Ola']));
    expect(calls.findLast((c) => c.url === '/api/rentals')?.params.page).toBe('1');
    // The shared input clears with its own button.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('q='));
  });
  it('the rental form picks an existing customer through the customers feature list', async () => {
    const kari = {
      id: 'c0000000-0000-4000-8000-000000000042',
      name: 'Kari Nordmann',
      email: 'kari@example.com',
      phone: null,
      address: null,
      notes: null,
      orderCount: 0,
      openOrderCount: 0,
      lastOrderAt: null,
      mergedIntoId: null,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      version: 1,
    };
    const { user, calls } = start('/rentals/active', serviceManager, {
      'GET /api/customers': (request) => ({
        status: 200,
        body: { items: request.params.search === 'Kari' ? [kari] : [], total: 1, page: 1, pageSize: 20 },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'New rental' }));
    const picker = await screen.findByLabelText(/^Choose a customer/, { selector: 'input' });
    await user.type(picker, 'Kari');
    await user.click(await screen.findByRole('option', { name: 'Kari Nordmann · kari@example.com' }));
    // The picker loads Mantine's field on first use (decision 038): the field is a new element.
    expect(screen.getByLabelText(/^Choose a customer/, { selector: 'input' })).toHaveValue(
      'Kari Nordmann · kari@example.com',
    );
    const asked = calls.filter((c) => c.url === '/api/customers').at(-1);
    expect(asked?.params).toMatchObject({ search: 'Kari', sort: 'name', sortDirection: 'asc', page: '1' });
  });
});
