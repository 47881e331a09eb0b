import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceManager, technician, technicianRecords } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/technicians.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const tor = technicianRecords[0]!;
const list: Handler = (request) => ({
  status: 200,
  body: { items: technicianRecords, total: 1, page: 1, pageSize: Number(request.params.pageSize ?? 20) },
});

function start(routes: Record<string, Handler> = {}, as = serviceManager) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    'GET /api/technicians': list,
    ...routes,
  });
  return { ...api, ...renderApp('/technicians', { signedInAs: as }) };
}

describe('technicians', { timeout: 20_000 }, () => {
  it('lists technicians and changes the page size', async () => {
    const { user, calls } = start();
    expect(await screen.findByRole('link', { name: 'Tor Teknikk' })).toHaveAttribute(
      'href',
      `/technicians/${tor.id}`,
    );
    expect(screen.getByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await expect.poll(() => calls.some((call) => call.params.pageSize === '50')).toBe(true);
  });

  it('keeps the search, page size and page in the URL', async () => {
    const many: Handler = (request) => {
      const page = Number(request.params.page);
      const pageSize = Number(request.params.pageSize);
      return { status: 200, body: { items: technicianRecords, total: 120, page, pageSize } };
    };
    const { user, router, calls } = (() => {
      const api = mockApi({
        'GET /api/user/profile': { status: 200, body: serviceManager },
        'GET /api/technicians': many,
      });
      return { ...api, ...renderApp('/technicians?q=tor&size=50&page=2', { signedInAs: serviceManager }) };
    })();
    expect(await screen.findByText('Showing 51 to 100 of 120 results')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/technicians')?.params).toEqual({
      page: '2',
      pageSize: '50',
      search: 'tor',
    });
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('tor');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 101 to 120 of 120 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=tor&size=50&page=3');

    // Another page size starts again on page 1.
    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    expect(await screen.findByText('Showing 1 to 10 of 120 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=tor&size=10');

    await router.navigate(-1);
    expect(await screen.findByText('Showing 101 to 120 of 120 results')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50'));
  });

  it('validates the add form with the shared rules, then creates and says so', async () => {
    const { user, calls } = start({
      'POST /api/technicians': { status: 201, body: { ...tor, id: 'e0000000-0000-4000-8000-000000000009' } },
    });
    await screen.findByText('Tor Teknikk');
    await user.click(screen.getByRole('button', { name: 'Add technician' }));
    const dialog = await screen.findByRole('dialog');
    // Issue 31: the dialog's close button has a name (the theme gives every dialog one).
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'not-an-email');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone/ }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Kari');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Nordmann');
    await user.clear(within(dialog).getByRole('textbox', { name: /E-mail/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'kari@example.com');
    await user.clear(within(dialog).getByRole('textbox', { name: /Phone/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Technician created successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: 'kari@example.com',
    });
  });

  it('shows "Failed to create technician." when the server refuses', async () => {
    const { user } = start({
      'POST /api/technicians': { status: 403, body: problem(403, 'forbidden', 'Nope') },
    });
    await screen.findByText('Tor Teknikk');
    await user.click(screen.getByRole('button', { name: 'Add technician' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Kari');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Nordmann');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'kari@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/Failed to create technician\./)).toBeInTheDocument();
  });

  it('toggles the status with the spec messages', async () => {
    let fail = false;
    const { user, calls } = start({
      [`PATCH /api/technicians/${tor.id}/status`]: () =>
        fail
          ? { status: 409, body: problem(409, 'version_conflict', 'Stale') }
          : { status: 200, body: { ...tor, isActive: false, version: 2 } },
    });
    await screen.findByText('Tor Teknikk');
    await user.click(screen.getByRole('button', { name: 'Deactivate Tor Teknikk' }));
    expect(await screen.findByText('Technician status updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false, version: 1 });
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Deactivate Tor Teknikk' }));
    expect(await screen.findByText(/Failed to update technician status\./)).toBeInTheDocument();
  });

  it('shows "Failed to load technicians." and hides management from technicians', async () => {
    start({ 'GET /api/technicians': { status: 403, body: problem(403, 'forbidden') } }, technician);
    expect(
      await screen.findByText(/Failed to load technicians\./, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add technician' })).not.toBeInTheDocument();
  });
});
