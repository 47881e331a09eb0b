import { screen, within } from '@testing-library/react';
import type { ApiToken } from '@service-portal/shared/api-tokens';
import { beforeAll, describe, expect, it } from 'vitest';
import { administrator, serviceManager } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/api-tokens.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const SECRET = 'spt_AbCd567890123456789012345678900AbCdE';
const erp: ApiToken = {
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'ERP',
  prefix: 'spt_AbCd',
  scopes: ['orders:read', 'customers:read'],
  createdAt: '2026-11-01T10:00:00.000Z',
  createdByName: 'Ola Office',
  expiresAt: '2099-01-30T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

function start(routes: Record<string, Handler> = {}, width?: number) {
  let items: ApiToken[] = [erp];
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: administrator },
    'GET /api/api-tokens': () => ({ status: 200, body: { items } }),
    'POST /api/api-tokens': (request) => {
      const body = request.body as { name: string; scopes: ApiToken['scopes'] };
      const token: ApiToken = {
        ...erp,
        id: 'd0000000-0000-4000-8000-000000000002',
        name: body.name,
        scopes: body.scopes,
      };
      items = [token, ...items];
      return { status: 201, body: { token, secret: SECRET } };
    },
    'DELETE /api/api-tokens/d0000000-0000-4000-8000-000000000001': () => {
      items = items.map((t) => (t.id === erp.id ? { ...t, revokedAt: '2026-11-26T10:00:00.000Z' } : t));
      return { status: 204 };
    },
    ...routes,
  });
  const view = renderApp('/api-tokens', { signedInAs: administrator, ...(width ? { width } : {}) });
  return { ...api, ...view };
}

describe('API tokens', { timeout: 20_000 }, () => {
  it('lists the tokens with prefix, scopes and when they were last used', async () => {
    start();
    expect(await screen.findByText('ERP')).toBeInTheDocument();
    expect(screen.getByText('spt_AbCd…')).toBeInTheDocument();
    expect(screen.getByText('orders:read')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('creates a token with the chosen scopes and expiry, and shows the secret once', async () => {
    const { user, calls } = start();
    await screen.findByText('ERP');
    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false); // name and a scope are required

    await user.type(within(dialog).getByLabelText(/Name/), 'Accounting');
    await user.click(within(dialog).getByRole('checkbox', { name: /customers:read/ }));
    await user.selectOptions(within(dialog).getByLabelText('Expires after'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Accounting',
      scopes: ['customers:read'],
      expiresInDays: 30,
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Accounting')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    const { user, calls } = start();
    await screen.findByText('ERP');
    await user.click(screen.getByRole('button', { name: 'Revoke ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows cards on a phone', async () => {
    start({}, 375);
    expect(await screen.findAllByTestId('api-token-card')).toHaveLength(1);
  });

  it('is not offered to a ServiceManager', async () => {
    mockApi({ 'GET /api/user/profile': { status: 200, body: serviceManager } });
    renderApp('/api-tokens', { signedInAs: serviceManager });
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'API tokens' })).not.toBeInTheDocument();
  });
});
