import { screen } from '@testing-library/react';
import type { User } from '@service-portal/shared/auth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupRoutes, ORDER_ID, serviceManager, serviceOrder } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';
import { setDisplayTimeZone } from '../../../lib/dates.ts';

// Product.md: times are shown in the partner's zone, whatever the browser's (decision 029).

beforeAll(async () => {
  await import('../../../app/routes/service-order.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

/** The browser's own zone, whatever the process's TZ is. */
function browserZone(zone: string) {
  const real = new Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...real, timeZone: zone });
}

afterEach(() => {
  vi.restoreAllMocks();
  setDisplayTimeZone(null);
});

function open(as: User) {
  mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    ...lookupRoutes,
    [`GET /api/service-orders/${ORDER_ID}`]: {
      status: 200,
      body: serviceOrder({ createdAt: '2026-01-15T10:20:00.000Z', updatedAt: '2026-07-15T10:20:00.000Z' }),
    },
  });
  renderApp(`/service-orders/${ORDER_ID}`, { signedInAs: as });
}

describe('order times in the partner zone', { timeout: 20_000 }, () => {
  it('a UTC browser sees an Oslo partner order created at 10:20Z as 11:20 (winter) and 12:20 (summer), no suffix', async () => {
    browserZone('UTC');
    open(serviceManager);
    expect(await screen.findByText('Jan 15, 2026 11:20 AM')).toBeInTheDocument();
    expect(screen.getByText('Jul 15, 2026 12:20 PM')).toBeInTheDocument();
  });

  it('an Oslo browser sees the same times with no zone named', async () => {
    browserZone('Europe/Oslo');
    open(serviceManager);
    expect(await screen.findByText('Jan 15, 2026 11:20 AM')).toBeInTheDocument();
  });

  it("follows the signed-in user's partner zone", async () => {
    browserZone('Europe/Oslo');
    open({ ...serviceManager, servicePartnerTimeZone: 'America/New_York' });
    expect(await screen.findByText('Jan 15, 2026 5:20 AM')).toBeInTheDocument();
  });
});
