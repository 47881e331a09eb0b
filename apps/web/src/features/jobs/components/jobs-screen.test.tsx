import { screen, within } from '@testing-library/react';
import type { Job, JobListResponse } from '@service-portal/shared/jobs';
import { beforeAll, describe, expect, it } from 'vitest';
import { administrator, globalAdmin } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/admin-jobs.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

function job(n: number, overrides: Partial<Job> = {}): Job {
  return {
    id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: 'mail.send',
    state: 'succeeded',
    attempts: 1,
    maxAttempts: 5,
    runAt: '2026-03-02T10:00:00.000Z',
    progress: null,
    lastError: null,
    requestId: null,
    servicePartnerId: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    startedAt: '2026-03-02T10:00:01.000Z',
    finishedAt: '2026-03-02T10:00:02.000Z',
    ...overrides,
  };
}

const failed = job(1, {
  name: 'mail.send',
  state: 'failed',
  attempts: 5,
  lastError: 'Mailbox unavailable (550)',
});
const running = job(2, {
  name: 'catalogue.sync',
  state: 'running',
  progress: { current: 40, total: 120 },
  finishedAt: null,
});
const counts = { queued: 0, running: 1, succeeded: 7, failed: 1, cancelled: 0 };

function page(items: Job[]): JobListResponse {
  return { items, total: items.length, page: 1, pageSize: 25, counts };
}

function start(routes: Record<string, Handler> = {}, as = globalAdmin, path = '/admin/jobs') {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    'GET /api/admin/acting-partners': { status: 200, body: [] },
    'GET /api/admin/jobs': (request) => ({
      status: 200,
      body: page(request.params.state === 'failed' ? [failed] : [running, failed]),
    }),
    ...routes,
  });
  return { ...api, ...renderApp(path, { signedInAs: as }) };
}

describe('background jobs screen', { timeout: 20_000 }, () => {
  it('lists jobs with state, attempts, progress and the last error; filters by state in the URL', async () => {
    const { user, router, calls } = start();
    const row = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
    expect(await screen.findByRole('cell', { name: 'catalogue.sync' })).toBeInTheDocument();
    expect(within(row('catalogue.sync')).getByText('Running')).toBeInTheDocument();
    expect(within(row('catalogue.sync')).getByText('40 of 120')).toBeInTheDocument();
    expect(within(row('catalogue.sync')).getByRole('progressbar', { name: '40 of 120' })).toBeInTheDocument();
    expect(within(row('mail.send')).getByText('Failed')).toBeInTheDocument();
    expect(within(row('mail.send')).getByText('5 of 5')).toBeInTheDocument();
    expect(within(row('mail.send')).getByText('Mailbox unavailable (550)')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed (1)' }));
    expect(router.state.location.search).toBe('?state=failed');
    expect(calls.filter((c) => c.url === '/api/admin/jobs').at(-1)?.params).toEqual({
      page: '1',
      pageSize: '25',
      state: 'failed',
    });
    await screen.findByText('Showing 1 to 1 of 1 result');
    expect(screen.queryByRole('cell', { name: 'catalogue.sync' })).not.toBeInTheDocument();
  });

  it('runs a failed job again and cancels a running one', async () => {
    const { user, calls } = start({
      'POST /api/admin/jobs/b0000000-0000-4000-8000-000000000001/retry': {
        status: 200,
        body: { ...failed, state: 'queued', attempts: 0 },
      },
      'POST /api/admin/jobs/b0000000-0000-4000-8000-000000000002/cancel': {
        status: 200,
        body: { ...running, state: 'cancelled' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Run mail.send again' }));
    expect(await screen.findByText('The job is queued again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel catalogue.sync' }));
    expect(await screen.findByText('The job was cancelled.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual([
      '/api/admin/jobs/b0000000-0000-4000-8000-000000000001/retry',
      '/api/admin/jobs/b0000000-0000-4000-8000-000000000002/cancel',
    ]);
    // A failed job offers no cancel, a running one no retry.
    expect(screen.queryByRole('button', { name: 'Cancel mail.send' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run catalogue.sync again' })).not.toBeInTheDocument();
  });

  it('says why an action was refused', async () => {
    const { user } = start({
      'POST /api/admin/jobs/b0000000-0000-4000-8000-000000000002/cancel': {
        status: 409,
        body: problem(409, 'invalid_transition', 'Only a queued or running job can be cancelled.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel catalogue.sync' }));
    expect(
      await screen.findByText(
        'Failed to update the job. (409: Only a queued or running job can be cancelled.)',
      ),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    const { user } = start({
      'GET /api/admin/jobs': () =>
        fail
          ? { status: 403, body: problem(403, 'forbidden', 'Not allowed') }
          : { status: 200, body: page([failed]) },
    });
    expect(
      await screen.findByText('Failed to load data. (403: Not allowed)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('cell', { name: 'mail.send' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    start({
      'GET /api/admin/jobs': { status: 200, body: { ...page([]), counts: { ...counts, running: 0 } } },
    });
    expect(await screen.findByText('No background jobs yet.')).toBeInTheDocument();
  });

  it('is for global administrators only', async () => {
    start({}, administrator);
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Background jobs' })).not.toBeInTheDocument();
  });
});
