import { Notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRICING, PRICING_MESSAGES as P } from '@service-portal/shared/pricing';
import type { PricingConfig } from '@service-portal/shared/pricing';
import type { WorkLog } from '@service-portal/shared/work-logs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler, RecordedRequest } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { WorkLogPanel } from './work-log-panel.tsx';

const NOW = new Date('2026-03-05T10:00:00.000Z');
const LOG_ID = 'b1000000-0000-4000-8000-000000000001';
const LOGS = `/api/service-orders/${ORDER_ID}/work-logs`;

function workLog(overrides: Partial<WorkLog> = {}): WorkLog {
  return {
    id: LOG_ID,
    serviceOrderId: ORDER_ID,
    category: 'service_log',
    description: 'Replaced the ignition module',
    notes: null,
    userId: '11111111-1111-4111-8111-111111111111',
    userName: 'Tor Teknikk',
    technicianId: null,
    technicianName: null,
    billable: true,
    status: 'open',
    timerStartedAt: null,
    trackedSeconds: 0,
    manualMinutes: null,
    workedSeconds: 0,
    completedAt: null,
    billedMinutes: null,
    pricingType: null,
    unitPriceMinor: null,
    costMinor: null,
    currency: null,
    estimate: null,
    createdAt: '2026-03-05T09:00:00.000Z',
    updatedAt: '2026-03-05T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const pricing: PricingConfig = {
  ...DEFAULT_PRICING,
  defaultHourlyRate: 100_000, // NOK 1,000.00 an hour
  roundingIntervalMinutes: 15,
  roundingDirection: 'up',
  categories: [],
  isDefault: false,
  updatedAt: '2026-03-01T00:00:00.000Z',
  version: 2,
};

const OLA = 'c1000000-0000-4000-8000-000000000001';

function start(routes: Record<string, Handler>, canSeePricing = true) {
  const api = mockApi({
    'GET /api/pricing': { status: 200, body: pricing },
    [`GET /api/service-orders/${ORDER_ID}/totals`]: { status: 200, body: {} },
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <Notifications />
      <WorkLogPanel
        orderId={ORDER_ID}
        canSeePricing={canSeePricing}
        technicians={[{ value: OLA, label: 'Ola Nordmann' }]}
      />
    </>,
  );
  return { ...api, ...view };
}

const sent = (calls: RecordedRequest[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

afterEach(() => {
  vi.useRealTimers();
});

describe('work-log panel', { timeout: 20_000 }, () => {
  it('ticks the elapsed time from timerStartedAt + trackedSeconds, and prices it with the shared rule', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    // 2 min tracked before, running for 13 min 55 s: 15:55 worked, billed 30 min (15 up) at 1 000/h.
    const running = workLog({
      trackedSeconds: 120,
      timerStartedAt: new Date(NOW.getTime() - 835_000).toISOString(),
    });
    start({ [`GET ${LOGS}`]: { status: 200, body: [running] } });

    const clock = await screen.findByRole('timer');
    expect(clock).toHaveTextContent('0:15:55');
    expect(screen.getByText('Timer running')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('work-log-estimate')).toHaveTextContent('NOK 500.00'));

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(clock).toHaveTextContent('0:15:57');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('shows a stopped timer without ticking, and the server estimate when pricing is not readable', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const stopped = workLog({
      trackedSeconds: 3725,
      workedSeconds: 3725,
      estimate: {
        billedMinutes: 75,
        pricingType: 'hourly',
        unitPriceMinor: 100_000,
        costMinor: 125_000,
        currency: 'NOK',
      },
    });
    const { calls } = start({ [`GET ${LOGS}`]: { status: 200, body: [stopped] } }, false);
    const clock = await screen.findByRole('timer');
    expect(clock).toHaveTextContent('1:02:05');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(clock).toHaveTextContent('1:02:05');
    expect(screen.getByTestId('work-log-estimate')).toHaveTextContent('NOK 1,250.00');
    expect(screen.getByTestId('work-log-estimate')).toHaveTextContent('75 min billed');
    expect(sent(calls, 'GET', '/api/pricing')).toHaveLength(0);
  });

  it('requires a category, then adds the log and starts its timer in one go', async () => {
    let logs: WorkLog[] = [];
    const { user, calls } = start({
      [`GET ${LOGS}`]: () => ({ status: 200, body: logs }),
      [`POST ${LOGS}`]: (request) => {
        const body = request.body as { category: WorkLog['category']; startTimer: boolean };
        logs = [
          workLog({
            category: body.category,
            timerStartedAt: body.startTimer ? new Date().toISOString() : null,
          }),
        ];
        return { status: 201, body: logs[0] };
      },
    });
    expect(await screen.findByText('No work logged yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add work log' }));
    const form = screen.getByRole('form', { name: 'Add work log' });
    await user.click(within(form).getByRole('button', { name: 'Add work log' }));
    expect(await screen.findByText(P.categoryRequired)).toBeInTheDocument();
    expect(sent(calls, 'POST', LOGS)).toHaveLength(0);

    await user.selectOptions(
      within(form).getByLabelText(/^Category/, { selector: 'select' }),
      'extra_cleaning',
    );
    await user.type(
      within(form).getByLabelText(/^Work description/, { selector: 'input' }),
      'Washed the unit',
    );
    await user.click(within(form).getByRole('button', { name: 'Add and start timer' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'POST', LOGS)[0]?.body).toEqual({
      category: 'extra_cleaning',
      description: 'Washed the unit',
      notes: null,
      manualMinutes: null,
      technicianId: null,
      billable: true,
      startTimer: true,
    });
    expect(await screen.findByText('Extra cleaning')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('logs non-billable time for a named technician and shows both on the log', async () => {
    let logs: WorkLog[] = [];
    const { user, calls } = start({
      [`GET ${LOGS}`]: () => ({ status: 200, body: logs }),
      [`POST ${LOGS}`]: (request) => {
        const body = request.body as { technicianId: string | null; billable: boolean };
        logs = [
          workLog({
            manualMinutes: 30,
            technicianId: body.technicianId,
            technicianName: 'Ola Nordmann',
            billable: body.billable,
          }),
        ];
        return { status: 201, body: logs[0] };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add work log' }));
    const form = screen.getByRole('form', { name: 'Add work log' });
    await user.selectOptions(within(form).getByLabelText(/^Category/, { selector: 'select' }), 'other');
    await user.selectOptions(within(form).getByLabelText(/^Technician/, { selector: 'select' }), OLA);
    await user.type(within(form).getByLabelText(/^Manual duration/, { selector: 'input' }), '30');
    await user.click(within(form).getByRole('checkbox', { name: 'Billable to the customer' }));
    await user.click(within(form).getByRole('button', { name: 'Add work log' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'POST', LOGS)[0]?.body).toMatchObject({
      manualMinutes: 30,
      technicianId: OLA,
      billable: false,
    });
    expect(await screen.findByText('Technician: Ola Nordmann')).toBeInTheDocument();
    expect(screen.getByText('Not billable')).toBeInTheDocument();
  });

  it('rejects a manual duration that is not a whole number of minutes', async () => {
    const { user, calls } = start({ [`GET ${LOGS}`]: { status: 200, body: [] } });
    await user.click(await screen.findByRole('button', { name: 'Add work log' }));
    const form = screen.getByRole('form', { name: 'Add work log' });
    await user.selectOptions(within(form).getByLabelText(/^Category/, { selector: 'select' }), 'other');
    await user.type(within(form).getByLabelText(/^Manual duration/, { selector: 'input' }), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Add work log' }));
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(sent(calls, 'POST', LOGS)).toHaveLength(0);
  });

  it('starts and stops the timer on the server', async () => {
    let log = workLog();
    const { user, calls } = start({
      [`GET ${LOGS}`]: () => ({ status: 200, body: [log] }),
      [`POST ${LOGS}/${LOG_ID}/timer/start`]: () => {
        log = workLog({ timerStartedAt: new Date().toISOString(), version: 2 });
        return { status: 200, body: log };
      },
      [`POST ${LOGS}/${LOG_ID}/timer/stop`]: () => {
        log = workLog({ trackedSeconds: 2, workedSeconds: 2, version: 3 });
        return { status: 200, body: log };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('0:00:02');
    expect(sent(calls, 'POST', `${LOGS}/${LOG_ID}/timer/start`)).toHaveLength(1);
    expect(sent(calls, 'POST', `${LOGS}/${LOG_ID}/timer/stop`)).toHaveLength(1);
  });

  it('completes a log after showing the computed time and cost, then shows the frozen cost', async () => {
    let log = workLog({ manualMinutes: 20, workedSeconds: 1200 });
    const { user } = start({
      [`GET ${LOGS}`]: () => ({ status: 200, body: [log] }),
      [`POST ${LOGS}/${LOG_ID}/complete`]: () => {
        log = workLog({
          manualMinutes: 20,
          workedSeconds: 1200,
          status: 'completed',
          completedAt: new Date().toISOString(),
          billedMinutes: 30,
          pricingType: 'hourly',
          unitPriceMinor: 100_000,
          costMinor: 50_000,
          currency: 'NOK',
          version: 2,
        });
        return { status: 200, body: log };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('complete-summary')).toHaveTextContent(
        'Worked time 0:20:00, billed 30 min, cost NOK 500.00',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByTestId('work-log-cost')).toHaveTextContent('Cost: NOK 500.00 · 30 min billed');
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('deletes an open log after confirmation', async () => {
    let logs = [workLog()];
    const { user, calls } = start({
      [`GET ${LOGS}`]: () => ({ status: 200, body: logs }),
      [`DELETE ${LOGS}/${LOG_ID}`]: () => {
        logs = [];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No work logged yet.')).toBeInTheDocument();
    expect(sent(calls, 'DELETE', `${LOGS}/${LOG_ID}`)).toHaveLength(1);
  });
});
