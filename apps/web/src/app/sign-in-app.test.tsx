import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { serviceManager } from '../../test/fixtures.ts';
import { mockApi } from '../../test/http.ts';
import { renderSignIn } from './sign-in-app.tsx';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function start(openApp: () => void) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => renderSignIn(root as Root, openApp));
}

describe('the sign-in screen on its own (a first visit of /login)', () => {
  it('signs in with the e-mail code without the router or the query cache, then opens the app once', async () => {
    const { calls } = mockApi({
      'POST /api/auth/otp/request': { status: 200, body: { message: 'sent', expiresInSeconds: 600 } },
      'POST /api/auth/otp/verify': {
        status: 200,
        body: { token: 'jwt-token', expiresAt: '2030-01-01T00:00:00.000Z', user: serviceManager },
      },
    });
    const openApp = vi.fn();
    start(openApp);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/e-mail address/i), 'manager@nordic.example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/one-time code/i), '123456');
    expect(openApp).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(openApp).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-token');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/otp/request',
      'POST /api/auth/otp/verify',
    ]);
  });

  it('offers the shop sign-in too', async () => {
    start(vi.fn());
    expect(await screen.findByRole('button', { name: 'Sign in with Shopify' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
