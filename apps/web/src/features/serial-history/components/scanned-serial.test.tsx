import { screen, waitFor, within } from '@testing-library/react';
import type { SerialEvent } from '@service-portal/shared/serial-history';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupRoutes, ORDER_ID, serviceManager, serviceOrder } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

// The camera: what it reads is set by each test; pressing its one button "reads" it.
const camera = vi.hoisted(() => ({ code: '' }));
vi.mock('../../../components/scan-dialog.tsx', () => ({
  ScanDialog: ({ onScan }: { onScan: (text: string) => void }) => (
    <div role="dialog" aria-label="Camera">
      <button type="button" onClick={() => onScan(camera.code)}>
        Read the code
      </button>
    </div>
  ),
}));

beforeAll(async () => {
  await import('../../../app/routes/service-order-new.tsx');
  await import('../../../app/routes/service-order.tsx');
  await import('../../../app/layout/app-layout.tsx');
  await import('./scanned-serial.tsx');
});

beforeEach(() => {
  camera.code = '';
});

const EARLIER_A = 'e0000000-0000-4000-8000-00000000000a';
const EARLIER_B = 'e0000000-0000-4000-8000-00000000000b';

function created(id: string, orderNumber: string, title: string, at: string): SerialEvent {
  return { kind: 'order_created', at, title, detail: null, serviceOrderId: id, orderNumber };
}

/** A unit with two earlier orders: one completed, one only created; and a part on the first. */
const KNOWN_EVENTS: SerialEvent[] = [
  {
    kind: 'status_changed',
    at: '2026-02-03T12:00:00.000Z',
    title: 'completed',
    detail: null,
    fromStatus: 'in_progress',
    toStatus: 'completed',
    serviceOrderId: EARLIER_A,
    orderNumber: 'SO-2026-000007',
  },
  {
    kind: 'spare_part',
    at: '2026-02-02T12:00:00.000Z',
    title: 'Heating element',
    detail: 'HE-2 × 1',
    serviceOrderId: EARLIER_A,
    orderNumber: 'SO-2026-000007',
  },
  created(EARLIER_A, 'SO-2026-000007', 'Leaking valve', '2026-02-01T09:00:00.000Z'),
  created(EARLIER_B, 'SO-2025-000311', 'Yearly check', '2025-06-10T09:00:00.000Z'),
];

function history(serial: string, events: SerialEvent[]): Handler {
  return { status: 200, body: { serial, events } };
}

function start(path: string, routes: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...lookupRoutes,
    'GET /api/serial-history/CT-2001': history('CT-2001', KNOWN_EVENTS),
    'GET /api/serial-history/CT-9999': history('CT-9999', []),
    ...routes,
  });
  return { ...api, ...renderApp(path, { signedInAs: serviceManager }) };
}

const serialField = () => screen.getByLabelText('Serial number', { selector: 'input' });
const historyAsked = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.url.startsWith('/api/serial-history/')).map((call) => call.url);

async function scan(user: ReturnType<typeof start>['user'], code: string) {
  camera.code = code;
  await user.click(await screen.findByRole('button', { name: 'Scan Serial number with the camera' }));
  await user.click(await screen.findByRole('button', { name: 'Read the code' }));
}

describe('a scanned serial number opens its history (issue 28 §3)', { timeout: 60_000 }, () => {
  it('opens the earlier orders of a known serial at once, each linking to its order', async () => {
    const { user, calls } = start('/service-orders/new');
    await screen.findByLabelText('Serial number', { selector: 'input' });
    await scan(user, 'CT-2001');
    expect(serialField()).toHaveValue('CT-2001');

    const dialog = await screen.findByRole('dialog', { name: 'Earlier service on CT-2001' });
    expect(within(dialog).getByText('This unit has 2 earlier orders.')).toBeInTheDocument();
    const links = within(dialog).getAllByRole('link', { name: /^SO-/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['SO-2026-000007', `/service-orders/${EARLIER_A}`],
      ['SO-2025-000311', `/service-orders/${EARLIER_B}`],
    ]);
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(first).toHaveTextContent('Completed');
    expect(first).toHaveTextContent('Leaking valve');
    expect(second).toHaveTextContent('Created');
    expect(second).toHaveTextContent('Yearly check');
    expect(within(dialog).getByRole('link', { name: 'Full service history' })).toHaveAttribute(
      'href',
      '/serial-numbers/CT-2001',
    );
    expect(historyAsked(calls)).toEqual(['/api/serial-history/CT-2001']);

    // Escape closes it; focus goes back to the scan button.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Earlier service on CT-2001' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Scan Serial number with the camera' })).toHaveFocus(),
    );
  });

  it('opens again on the next scan of the same unit, and closes with its button', async () => {
    const { user, calls } = start('/service-orders/new');
    await screen.findByLabelText('Serial number', { selector: 'input' });
    await scan(user, 'CT-2001');
    await screen.findByRole('dialog', { name: 'Earlier service on CT-2001' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await scan(user, 'CT-2001');
    const again = await screen.findByRole('dialog', { name: 'Earlier service on CT-2001' });
    // Asked once: the second scan reads the cached history.
    expect(historyAsked(calls)).toEqual(['/api/serial-history/CT-2001']);
    // The last "Close" is the dialog's own button (the first is the corner's ×).
    await user.click(within(again).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens nothing for an unknown serial, and says so quietly', async () => {
    const { user, calls } = start('/service-orders/new');
    await screen.findByLabelText('Serial number', { selector: 'input' });
    await scan(user, 'CT-9999');
    expect(await screen.findByText('No earlier service recorded for CT-9999.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(historyAsked(calls)).toEqual(['/api/serial-history/CT-9999']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Typing on from there takes the line away: it spoke of the scanned text only.
    await user.type(serialField(), '-B');
    expect(screen.queryByText(/No earlier service/)).not.toBeInTheDocument();
  });

  it('opens nothing when a known serial is typed (as a hardware scanner does)', async () => {
    const { user, calls } = start('/service-orders/new');
    await user.type(await screen.findByLabelText('Serial number', { selector: 'input' }), 'CT-2001');
    expect(await screen.findByRole('link', { name: 'Service history' })).toHaveAttribute(
      'href',
      '/serial-numbers/CT-2001',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(historyAsked(calls)).toEqual([]);
  });

  it('leaves the order being edited out of the earlier orders', async () => {
    const order = serviceOrder({ serialNumber: null });
    const events: SerialEvent[] = [
      created(ORDER_ID, order.orderNumber, order.title, order.createdAt),
      created(EARLIER_B, 'SO-2025-000311', 'Yearly check', '2025-06-10T09:00:00.000Z'),
    ];
    const { user } = start(`/service-orders/${ORDER_ID}`, {
      [`GET /api/service-orders/${ORDER_ID}`]: { status: 200, body: order },
      'GET /api/serial-history/CT-2001': history('CT-2001', events),
      'GET /api/serial-history/CT-3003': history('CT-3003', events.slice(0, 1)),
    });
    await screen.findByDisplayValue(order.title);
    await scan(user, 'CT-2001');
    const dialog = await screen.findByRole('dialog', { name: 'Earlier service on CT-2001' });
    expect(
      within(dialog)
        .getAllByRole('link', { name: /^SO-/ })
        .map((link) => link.textContent),
    ).toEqual(['SO-2025-000311']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A unit whose only order is this one has no earlier service.
    await scan(user, 'CT-3003');
    expect(await screen.findByText('No earlier service recorded for CT-3003.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
