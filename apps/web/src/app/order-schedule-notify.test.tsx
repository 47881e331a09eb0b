import { screen, within } from '@testing-library/react';
import { DEFAULT_PRICING } from '@service-portal/shared/pricing';
import type { AssignmentResult } from '@service-portal/shared/schedule';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupRoutes, ORDER_ID, serviceManager, serviceOrder } from '../../test/fixtures.ts';
import { mockApi } from '../../test/http.ts';
import { renderApp } from '../../test/render.tsx';
import { setAutosaveEnabled } from '../lib/preferences.ts';

beforeAll(async () => {
  await import('./routes/service-order.tsx');
  await import('./layout/app-layout.tsx');
});

type Order = ReturnType<typeof serviceOrder>;
type Target = { technicianId: string; date: string; start: string | null };

/** The server's answer to a move: the order as a board card, and its cell. */
function assignmentResult(order: Order, body: Target): AssignmentResult {
  return {
    card: {
      id: ORDER_ID,
      orderNumber: order.orderNumber,
      title: order.title,
      priority: order.priority,
      serviceType: order.serviceType,
      status: 'scheduled',
      customerName: order.customerName,
      customerAddress: order.customerAddress,
      postcode: null,
      createdAt: order.createdAt,
      technicianId: body.technicianId,
      date: body.date,
      start: body.start,
      durationMinutes: 60,
      durationIsDefault: false,
      version: order.version,
    },
    cell: {
      date: body.date,
      off: false,
      offReason: null,
      availableMinutes: 480,
      bookedMinutes: 60,
      overbooked: false,
    },
  };
}

const TECH = lookupRoutes['GET /api/technicians'].body.items[0]!.id;

// Issue 25 §5 from the order page: scheduling there offers to tell the customer, as the board does.
describe("the order page's Schedule…", { timeout: 30_000 }, () => {
  it('offers to tell the customer the new date and sends it', async () => {
    let order = serviceOrder({ estimatedMinutes: 60 });
    const { calls } = mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      ...lookupRoutes,
      [`GET /api/service-orders/${ORDER_ID}`]: () => ({ status: 200, body: order }),
      'GET /api/pricing': {
        status: 200,
        body: { ...DEFAULT_PRICING, categories: [], isDefault: true, updatedAt: null, version: 0 },
      },
      [`POST /api/schedule/orders/${ORDER_ID}/assignment`]: (request) => {
        const body = request.body as Target;
        order = {
          ...order,
          assignedTechnicianId: body.technicianId,
          scheduledDate: body.date,
          scheduledStart: body.start,
          status: 'scheduled',
          version: order.version + 1,
        };
        return { status: 200, body: assignmentResult(order, body) };
      },
      [`POST /api/schedule/orders/${ORDER_ID}/notify`]: { status: 201, body: {} },
    });
    const { user } = renderApp(`/service-orders/${ORDER_ID}`, { signedInAs: serviceManager, width: 1440 });
    await user.click(await screen.findByRole('button', { name: /^Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule order' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Technician/ }), TECH);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const prompt = await screen.findByRole('status', { name: /Tell the customer|SO-/ });
    await user.click(within(prompt).getByRole('button', { name: /SMS/ }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/notify'))?.body).toEqual({ channel: 'sms' }),
    );
  });

  it('keeps what was typed in the form and shows the new date after scheduling', async () => {
    setAutosaveEnabled(false);
    let order = serviceOrder({ estimatedMinutes: 60 });
    mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      ...lookupRoutes,
      [`GET /api/service-orders/${ORDER_ID}`]: () => ({ status: 200, body: order }),
      'GET /api/pricing': {
        status: 200,
        body: { ...DEFAULT_PRICING, categories: [], isDefault: true, updatedAt: null, version: 0 },
      },
      [`POST /api/schedule/orders/${ORDER_ID}/assignment`]: (request) => {
        const body = request.body as Target;
        order = {
          ...order,
          assignedTechnicianId: body.technicianId,
          scheduledDate: body.date,
          status: 'scheduled',
          version: order.version + 1,
        };
        return { status: 200, body: assignmentResult(order, body) };
      },
    });
    try {
      const { user } = renderApp(`/service-orders/${ORDER_ID}`, { signedInAs: serviceManager, width: 1440 });
      const title = await screen.findByRole('textbox', { name: /^Title/ });
      await user.clear(title);
      await user.type(title, 'Typed before scheduling');
      await user.click(screen.getByRole('button', { name: /^Schedule/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Schedule order' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: /Technician/ }), TECH);
      await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
      await vi.waitFor(() => expect(order.version).toBeGreaterThan(serviceOrder().version));
      // The newer copy is under the form (its technician), and the typing is still there.
      await vi.waitFor(() =>
        expect(
          screen.getByText('The latest version is loaded, with your unsaved changes on top.'),
        ).toBeInTheDocument(),
      );
      expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Typed before scheduling');
    } finally {
      setAutosaveEnabled(true);
    }
  });
});
