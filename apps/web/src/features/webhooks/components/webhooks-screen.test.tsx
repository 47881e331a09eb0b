import { screen, within } from '@testing-library/react';
import type { WebhookAttempt, WebhookEndpoint } from '@service-portal/shared/webhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { administrator } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/webhooks.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const ID = 'e0000000-0000-4000-8000-000000000001';
const DELIVERY = 'f0000000-0000-4000-8000-000000000001';
const erp: WebhookEndpoint = {
  id: ID,
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  events: ['order.created', 'order.completed'],
  enabled: true,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  previousSecretExpiresAt: null,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const failedAttempt: WebhookAttempt = {
  id: 'a0000000-0000-4000-8000-000000000001',
  deliveryId: DELIVERY,
  messageId: 'msg_1',
  eventType: 'order.created',
  attempt: 2,
  at: '2026-11-26T10:00:00.000Z',
  outcome: 'failed',
  statusCode: 503,
  durationMs: 120,
  response: 'Service Unavailable',
  error: null,
  deliveryState: 'pending',
};

function start(routes: Record<string, Handler> = {}, width?: number) {
  let items: WebhookEndpoint[] = [erp];
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: administrator },
    'GET /api/webhooks': () => ({ status: 200, body: { items } }),
    'POST /api/webhooks': (request) => {
      const body = request.body as Pick<WebhookEndpoint, 'url' | 'events' | 'description'>;
      const created: WebhookEndpoint = { ...erp, id: 'e0000000-0000-4000-8000-000000000002', ...body };
      items = [created, ...items];
      return { status: 201, body: created };
    },
    [`GET /api/webhooks/${ID}/attempts`]: { status: 200, body: { items: [failedAttempt] } },
    [`POST /api/webhooks/${ID}/rotate-secret`]: () => {
      items = items.map((e) =>
        e.id === ID
          ? {
              ...e,
              secret: 'whsec_NEWSECRETNEWSECRETNEWSECRETNEW',
              previousSecretExpiresAt: '2099-01-01T00:00:00.000Z',
            }
          : e,
      );
      return { status: 200, body: items.find((e) => e.id === ID) };
    },
    [`POST /api/webhooks/${ID}/test`]: { status: 202, body: { deliveryId: DELIVERY } },
    [`POST /api/webhooks/${ID}/deliveries/${DELIVERY}/send-again`]: {
      status: 202,
      body: { deliveryId: DELIVERY },
    },
    ...routes,
  });
  const view = renderApp('/webhooks', { signedInAs: administrator, ...(width ? { width } : {}) });
  return { ...api, ...view };
}

describe('Webhooks', { timeout: 20_000 }, () => {
  it('lists the endpoints with their events and state', async () => {
    start();
    expect(await screen.findByText('https://erp.example.com/hooks')).toBeInTheDocument();
    expect(screen.getByText('order.completed')).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
  });

  it('adds an endpoint with the chosen events, and says why an address is refused', async () => {
    const { user, calls } = start({
      'POST /api/webhooks': {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'webhook_url_refused',
          detail: 'not public',
        },
      },
    });
    await screen.findByText('https://erp.example.com/hooks');
    await user.click(screen.getByRole('button', { name: 'New endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false); // URL and an event are required

    await user.type(within(dialog).getByLabelText(/URL/), 'https://10.0.0.1/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: /rental\.returned/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(/cannot receive webhooks/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://10.0.0.1/hooks',
      description: '',
      events: ['rental.returned'],
      enabled: true,
    });
  });

  it('shows the secret, rotates it, sends a test event and sends a delivery again', async () => {
    const { user, calls } = start();
    await screen.findByText('https://erp.example.com/hooks');
    await user.click(screen.getByRole('button', { name: 'Deliveries https://erp.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook endpoint' });
    expect(within(dialog).getByText(erp.secret)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Service Unavailable')).toBeInTheDocument();
    expect(within(dialog).getByText(/Failed · 503/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(dialog).findByText('whsec_NEWSECRETNEWSECRETNEWSECRETNEW')).toBeInTheDocument();
    expect(within(dialog).getByText(/previous secret also signs/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send test event' }));
    await user.click(within(dialog).getByRole('button', { name: /^Send again order\.created/ }));
    await screen.findAllByText('Sent to the queue');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual([
      `/api/webhooks/${ID}/rotate-secret`,
      `/api/webhooks/${ID}/test`,
      `/api/webhooks/${ID}/deliveries/${DELIVERY}/send-again`,
    ]);
  });

  it('works on a phone as cards', async () => {
    start({}, 375);
    expect(await screen.findByTestId('webhook-card')).toBeInTheDocument();
  });
});
