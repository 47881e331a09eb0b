import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import type { User } from '@service-portal/shared/auth';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  listPage,
  lookupRoutes,
  ORDER_ID,
  serviceManager,
  serviceOrder,
  serviceOrderRows,
  technician,
} from '../../../../test/fixtures.ts';
import { deferred, mockApi, problem } from '../../../../test/http.ts';
import type { Handler, RecordedRequest, Reply } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

// Loads the lazy screen before the first test, so no test pays for compiling it.
beforeAll(async () => {
  await import('../../../app/routes/service-order.tsx');
  await import('../../../app/routes/service-orders.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const ORDER_URL = `/api/service-orders/${ORDER_ID}`;
const DIRECT_FIELDS = [
  'title',
  'customerName',
  'customerEmail',
  'description',
  'status',
  'completionNotes',
] as const;

/**
 * A stand-in for the server's order: PUT applies the fields it carries when the version matches
 * (and bumps it), and answers 409 version_conflict when it does not, like the real one.
 */
function fakeServer(initial: ServiceOrder = serviceOrder()) {
  const server = { order: initial, puts: [] as RecordedRequest[] };
  const put: Handler = (request) => {
    server.puts.push(request);
    const body = request.body as Record<string, unknown> & { version: number };
    if (body.version !== server.order.version) {
      return {
        status: 409,
        body: problem(409, 'version_conflict', 'The service order was changed by someone else.'),
      };
    }
    const changes = Object.fromEntries(DIRECT_FIELDS.filter((f) => f in body).map((f) => [f, body[f]]));
    server.order = { ...server.order, ...changes, version: server.order.version + 1 };
    return { status: 200, body: server.order };
  };
  /** Someone else saves the order (another tab, a colleague). */
  const changeElsewhere = (changes: Partial<ServiceOrder>) => {
    server.order = { ...server.order, ...changes, version: server.order.version + 1 };
  };
  return { server, put, changeElsewhere, get: (): Reply => ({ status: 200, body: server.order }) };
}

function start(
  options: { as?: User; routes?: Record<string, Handler>; fake?: ReturnType<typeof fakeServer> } = {},
) {
  const fake = options.fake ?? fakeServer();
  const as = options.as ?? serviceManager;
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    ...lookupRoutes,
    [`GET ${ORDER_URL}`]: () => fake.get(),
    [`PUT ${ORDER_URL}`]: fake.put,
    'GET /api/service-orders': listPage(serviceOrderRows(3)),
    'GET /api/customers': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
    ...options.routes,
  });
  const view = renderApp(`/service-orders/${ORDER_ID}`, {
    signedInAs: as,
    userEvent: { advanceTimers: vi.advanceTimersByTime },
  });
  return { ...api, ...view, ...fake };
}

const input = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input, textarea' });
const indicator = () => screen.getAllByRole('status').find((node) => node.hasAttribute('data-phase'));

async function opened() {
  return screen.findByRole('heading', { name: 'SO-2026-000042' });
}

/** Moves the clock; React updates from the timers run inside act. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

// The whole order form renders in jsdom and autosave waits real seconds: room for a loaded machine.
describe('autosave (spec §4, product.md)', { timeout: 45_000 }, () => {
  it('saves once, 1.5 s after the last change, with only the changed field and the version it read', async () => {
    const reply = deferred<void>();
    const fake = fakeServer();
    const { user, server, calls } = start({
      fake,
      routes: {
        [`PUT ${ORDER_URL}`]: async (request) => {
          await reply.promise;
          return fake.put(request);
        },
      },
    });
    await opened();
    expect(indicator()).toHaveTextContent('Saved');

    await user.type(input(/^Title/), ' quickly');
    expect(indicator()).toHaveTextContent('Changes will be saved');
    const puts = () => calls.filter((call) => call.method === 'PUT');
    await wait(1000);
    expect(puts()).toHaveLength(0);

    await wait(600);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.body).toEqual({ title: 'Heater does not ignite quickly', version: 3 });
    expect(indicator()).toHaveTextContent('Saving…');

    reply.resolve();
    await waitFor(() => expect(indicator()).toHaveTextContent('Saved'));
    expect(server.order.title).toBe('Heater does not ignite quickly');
  });

  it('sends the version of the last answer with the next save', async () => {
    const { user, server } = start();
    await opened();

    await user.type(input(/^Title/), '!');
    await wait(1600);
    await waitFor(() => expect(indicator()).toHaveTextContent('Saved'));
    await user.type(input(/^Customer name/), '!');
    await wait(1600);

    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]?.body).toEqual({ customerName: 'Kari Nordmann!', version: 4 });
  });

  it('never saves an invalid form: it shows the errors instead', async () => {
    const { user, server } = start();
    await opened();

    await user.clear(input(/^Title/));
    await wait(3000);

    expect(server.puts).toHaveLength(0);
    expect(await screen.findByText(M.titleRequired)).toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Not saved: fix the highlighted fields');

    await user.type(input(/^Title/), 'Fixed');
    await wait(1600);
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]?.body).toEqual({ title: 'Fixed', version: 3 });
  });

  it('does not save a scheduled date in the past', async () => {
    const { user, server } = start();
    await opened();
    const date = input('Scheduled date');
    await user.clear(date);
    await user.type(date, '2020-01-01');
    await wait(1600);

    expect(await screen.findByText(M.scheduledDateInPast)).toBeInTheDocument();
    expect(server.puts).toHaveLength(0);
  });

  it('stops on a conflict and, after "Reload latest", keeps what was typed on top of the newer copy', async () => {
    const { user, server, changeElsewhere } = start();
    await opened();
    // Another tab saves a new title and description meanwhile.
    changeElsewhere({ title: 'Renamed in the other tab', description: 'Written in the other tab' });

    await user.type(input(/^Customer name/), ' Jr.');
    await wait(1600);

    await waitFor(() => expect(indicator()).toHaveTextContent('Conflict'));
    expect(
      screen
        .getAllByRole('alert')
        .some((alert) => alert.textContent?.includes('This order was changed somewhere else')),
    ).toBe(true);
    expect(server.puts).toHaveLength(1);

    // Autosave has stopped: nothing is sent, and nothing is overwritten.
    await user.type(input(/^Serial number/), '-B');
    await wait(5000);
    expect(server.puts).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reload latest' }));

    await waitFor(() => expect(input(/^Title/)).toHaveValue('Renamed in the other tab'));
    expect(input(/^Description/)).toHaveValue('Written in the other tab');
    expect(input(/^Customer name/)).toHaveValue('Kari Nordmann Jr.');
    expect(input(/^Serial number/)).toHaveValue('CT-1042-B');
    expect(
      await screen.findByText('The latest version is loaded, with your unsaved changes on top.'),
    ).toBeInTheDocument();

    await wait(1600);
    await waitFor(() => expect(server.puts).toHaveLength(2));
    const { version, customerName, title, serialNumber } = server.puts[1]?.body as Record<string, unknown>;
    expect({ version, customerName, title, serialNumber }).toEqual({
      version: 4,
      customerName: 'Kari Nordmann Jr.',
      title: undefined,
      serialNumber: 'CT-1042-B',
    });
    await waitFor(() => expect(indicator()).toHaveTextContent('Saved'));
    expect(server.order).toMatchObject({
      title: 'Renamed in the other tab',
      customerName: 'Kari Nordmann Jr.',
    });
  });

  it('with autosave off, waits for Save', async () => {
    window.localStorage.setItem(STORAGE_KEYS.autosave, 'false');
    const { user, server } = start();
    await opened();

    await user.type(input(/^Description/), ' Again.');
    await wait(5000);
    expect(server.puts).toHaveLength(0);
    expect(indicator()).toHaveTextContent('Unsaved changes');

    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!);

    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]?.body).toEqual({ description: 'Stopped after the holidays. Again.', version: 3 });
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
  });

  it('moves the status along the allowed transitions and asks for completion notes', async () => {
    const { user, server } = start();
    await opened();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'In progress',
      'Waiting for parts',
      'Ready for pickup',
      'Completed',
      'On hold',
      'Cancelled',
    ]);

    expect(screen.queryByLabelText(/^Completion notes/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Completed' }));
    await user.type(await screen.findByLabelText(/^Completion notes/), 'Replaced the igniter.');
    await wait(1600);

    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]?.body).toEqual({
      status: 'completed',
      completionNotes: 'Replaced the igniter.',
      version: 3,
    });
  });

  it('shows the server\u2019s refusal of a status change', async () => {
    const { user } = start({
      routes: {
        [`PUT ${ORDER_URL}`]: {
          status: 409,
          body: problem(
            409,
            'invalid_transition',
            'Order SO-2026-000042 cannot move from in_progress to on_hold.',
          ),
        },
      },
    });
    await opened();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'On hold' }));
    await wait(1600);

    expect(
      await screen.findByText(
        'Failed to save service order. (409: Order SO-2026-000042 cannot move from in_progress to on_hold.)',
      ),
    ).toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Not saved');
  });
});

describe("the board's rule on the form (issue 25)", { timeout: 20_000 }, () => {
  it('shows why the server refused the date or technician, translated', async () => {
    const { user } = start({
      routes: {
        [`PUT ${ORDER_URL}`]: {
          status: 409,
          body: problem(409, 'technician_off', 'This technician does not work that day.'),
        },
      },
    });
    await opened();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'On hold' }));
    await wait(1600);

    expect(await screen.findByText('The technician is off or does not work that day.')).toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Not saved');
  });
});

describe('the rest of the edit page', { timeout: 20_000 }, () => {
  it('shows the status history: who, when, from and to', async () => {
    start();
    await opened();
    const history = within(screen.getByRole('region', { name: 'Status history' }));
    expect(history.getByText(/Tor Teknikk/)).toBeInTheDocument();
    expect(history.getByText(/Mona Manager/)).toBeInTheDocument();
    expect(history.getAllByText('In progress')).toHaveLength(1);
    expect(history.getAllByText('Created')).toHaveLength(2);
  });

  it('lets a manager delete the order after confirming', async () => {
    const { user, calls, router } = start({ routes: { [`DELETE ${ORDER_URL}`]: { status: 204 } } });
    await opened();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete service order?' }));
    expect(dialog.getByText(/SO-2026-000042 and its spare parts/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/service-orders'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === ORDER_URL)).toBe(true);
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
  });

  it('offers no delete to a technician', async () => {
    start({ as: technician });
    await opened();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    window.localStorage.setItem(STORAGE_KEYS.autosave, 'false');
    const { user, router } = start();
    await opened();
    await user.type(input(/^Title/), ' (draft)');

    await user.click(screen.getByRole('link', { name: 'Back to service orders' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    await user.click(dialog.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(`/service-orders/${ORDER_ID}`);
    expect(input(/^Title/)).toHaveValue('Heater does not ignite (draft)');

    await user.click(screen.getByRole('link', { name: 'Back to service orders' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/service-orders'));
  });

  it('says so when the order does not exist', async () => {
    start({ routes: { [`GET ${ORDER_URL}`]: { status: 404, body: problem(404, 'not_found') } } });
    expect(await screen.findByText('Service order not found')).toBeInTheDocument();
  });
});
