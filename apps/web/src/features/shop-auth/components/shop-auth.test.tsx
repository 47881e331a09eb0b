import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { describe, expect, it, vi } from 'vitest';
import { serviceManager } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderApp, renderWithProviders } from '../../../../test/render.tsx';
import { getAuthMethod, getToken } from '../../../lib/auth-storage.ts';
import { EmbeddedSignIn, withoutSessionToken } from './embedded-sign-in.tsx';
import { ShopCallback } from './shop-callback.tsx';
import { ShopSignInButton } from './shop-sign-in-button.tsx';

const signedIn = {
  status: 200,
  body: {
    token: 'shop-session',
    expiresAt: '2030-01-01T00:00:00.000Z',
    user: serviceManager,
    returnUrl: '/service-orders',
  },
};

describe('Sign in with Shopify', () => {
  it('asks for the authorize URL with the return path, keeps the state and leaves for the shop', async () => {
    const { calls } = mockApi({
      'GET /api/auth/login': {
        status: 200,
        body: { authorizationUrl: 'https://shop.example/admin/oauth/authorize?state=abc', state: 'abc' },
      },
    });
    const go = vi.fn();
    const { user } = renderWithProviders(<ShopSignInButton returnUrl="/spare-parts" go={go} />);
    await user.click(screen.getByRole('button', { name: 'Sign in with Shopify' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://shop.example/admin/oauth/authorize?state=abc'),
    );
    expect(calls[0]?.params).toEqual({ returnUrl: '/spare-parts' });
    expect(localStorage.getItem(STORAGE_KEYS.oauthState)).toBe('abc');
  });

  it('is offered on /login beside the e-mail code', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Shopify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });
});

describe('/auth/callback', () => {
  it('sends every parameter with the expected state, stores the method shopify and returns to returnUrl', async () => {
    localStorage.setItem(STORAGE_KEYS.oauthState, 'state-1');
    const { calls } = mockApi({
      'GET /api/auth/callback': signedIn,
      'GET /api/user/profile': { status: 200, body: serviceManager },
    });
    const navigate = vi.fn();
    renderWithProviders(
      <ShopCallback
        search="?code=c1&hmac=h&shop=s.myshopify.com&state=state-1&timestamp=1"
        navigate={navigate}
      />,
    );
    expect(screen.getByText('Please wait while we verify your credentials...')).toBeInTheDocument();
    expect(await screen.findByText('Redirecting to your dashboard...')).toBeInTheDocument();
    expect(calls[0]!.params).toEqual({
      code: 'c1',
      hmac: 'h',
      shop: 's.myshopify.com',
      state: 'state-1',
      timestamp: '1',
      expected_state: 'state-1',
    });
    expect(getToken()).toBe('shop-session');
    expect(getAuthMethod()).toBe('shopify');
    expect(localStorage.getItem(STORAGE_KEYS.oauthState)).toBeNull();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/service-orders'), { timeout: 3000 });
    expect(calls.filter((c) => c.url.includes('/auth/callback'))).toHaveLength(1);
  });

  it.each([
    [
      403,
      'shop_user_not_linked',
      'Your shop account is not linked to a user of this portal. Ask your administrator to link it.',
    ],
    [403, 'invalid_oauth_state', 'The sign-in link is no longer valid. Please sign in again.'],
    [401, 'invalid_shop_signature', 'The sign-in answer was not signed by the shop. Please sign in again.'],
    [502, 'bad_gateway', 'The shop did not answer. Please try again later.'],
    [500, 'internal_error', 'Server error. Please try again later.'],
  ])(
    'shows a %i %s as "Authentication Failed" with its message, then goes to /login when asked',
    async (status, code, text) => {
      localStorage.setItem(STORAGE_KEYS.oauthState, 'state-2');
      mockApi({ 'GET /api/auth/callback': { status, body: problem(status, code) } });
      const navigate = vi.fn();
      const { user } = renderWithProviders(
        <ShopCallback search="?code=c&state=state-2" navigate={navigate} />,
      );
      expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(navigate).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
      expect(navigate).toHaveBeenCalledWith('/login');
      expect(getToken()).toBeNull();
    },
  );

  it('keeps the failure reason on screen past 3 s, until dismissed (issue 31)', async () => {
    localStorage.setItem(STORAGE_KEYS.oauthState, 'state-3');
    mockApi({ 'GET /api/auth/callback': { status: 502, body: problem(502, 'bad_gateway') } });
    const navigate = vi.fn();
    renderWithProviders(<ShopCallback search="?code=c&state=state-3" navigate={navigate} />);
    expect(await screen.findByText('The shop did not answer. Please try again later.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    expect(screen.getByText('The shop did not answer. Please try again later.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows "Invalid user data in token" when the answer has no readable user', async () => {
    localStorage.setItem(STORAGE_KEYS.oauthState, 's');
    mockApi({ 'GET /api/auth/callback': { status: 200, body: { token: 't', user: { id: 1 } } } });
    renderWithProviders(<ShopCallback search="?code=c&state=s" navigate={vi.fn()} />);
    expect(await screen.findByText('Invalid user data in token')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('fails without calling the server when this browser did not start the sign-in', async () => {
    const { calls } = mockApi({ 'GET /api/auth/callback': signedIn });
    renderWithProviders(<ShopCallback search="?code=c&state=s" navigate={vi.fn()} />);
    expect(
      await screen.findByText('The sign-in was not started in this browser. Please sign in again.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows "Login failed" when the user cancelled on the shop page', async () => {
    localStorage.setItem(STORAGE_KEYS.oauthState, 's');
    const { calls } = mockApi({});
    renderWithProviders(<ShopCallback search="?error=access_denied&state=s" navigate={vi.fn()} />);
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('embedded sign-in', () => {
  it('signs in with the session token from the URL and drops it from the address', async () => {
    const { calls } = mockApi({ 'POST /api/auth/verify-jwt': signedIn });
    const navigate = vi.fn();
    renderWithProviders(
      <EmbeddedSignIn
        location={{ pathname: '/spare-parts', search: '?id_token=jwt.a.b&tab=1', hash: '' }}
        signedIn={false}
        navigate={navigate}
      >
        <p>the page</p>
      </EmbeddedSignIn>,
    );
    expect(screen.getByText('Please wait while we verify your credentials...')).toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/spare-parts?tab=1', { replace: true }));
    expect(calls[0]?.body).toEqual({ shopifyJwt: 'jwt.a.b' });
    expect(getAuthMethod()).toBe('shopify');
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('shows the page at once without a token', async () => {
    const { calls } = mockApi({});
    renderWithProviders(
      <EmbeddedSignIn location={{ pathname: '/', search: '', hash: '' }} signedIn={false} navigate={vi.fn()}>
        <p>the page</p>
      </EmbeddedSignIn>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });

  it('keeps other parameters when it removes the token', () => {
    expect(withoutSessionToken('/a', '?shopifyJwt=x&b=2', '#h')).toBe('/a?b=2#h');
    expect(withoutSessionToken('/a', '?id_token=x', '')).toBe('/a');
  });
});
