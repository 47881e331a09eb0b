import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import type { User } from '@service-portal/shared/auth';
import { describe, expect, it } from 'vitest';
import { administrator, globalAdmin, serviceManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';

function startAs(user: User, path = '/', width?: number) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: user },
    'POST /api/auth/logout': { status: 204 },
  });
  return { ...renderApp(path, { signedInAs: user, ...(width === undefined ? {} : { width }) }), ...api };
}

describe('settings menu', () => {
  it('has autosave on by default and remembers turning it off', async () => {
    const { user, unmount } = startAs(serviceManager);

    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const toggle = await screen.findByRole('switch', { name: 'Autosave service orders' });
    expect(toggle).toBeChecked();
    expect(window.localStorage.getItem(STORAGE_KEYS.autosave)).toBeNull();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(window.localStorage.getItem(STORAGE_KEYS.autosave)).toBe('false');

    unmount();
    const again = renderApp('/', { signedInAs: serviceManager });
    await again.user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('switch', { name: 'Autosave service orders' })).not.toBeChecked();
  });

  it('switches the language, stores the choice and updates the page language', async () => {
    const { user } = startAs(serviceManager);

    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Norsk' }));

    const nav = within(await screen.findByRole('navigation', { name: 'Hovedmeny' }));
    expect(nav.getByRole('link', { name: 'Serviceordrer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oversikt' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('nb');
    expect(document.documentElement.lang).toBe('nb');

    await user.click(screen.getByRole('button', { name: 'Innstillinger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
  });
});

describe('user menu', () => {
  it("shows the user's name, e-mail and partner, and signs out", async () => {
    const { user, calls } = startAs(serviceManager);

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('Mona Manager')).toBeInTheDocument();
    expect(menu.getByText('manager@nordic.example.com')).toBeInTheDocument();
    expect(menu.getByText('Nordic Service AS')).toBeInTheDocument();

    await user.click(menu.getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('names a global administrator as such', async () => {
    const { user } = startAs(globalAdmin);
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(within(await screen.findByRole('menu')).getByText('Global administrator')).toBeInTheDocument();
  });
});

describe('side menu on a phone', () => {
  it('is hidden until the burger opens it, and closes on navigation', async () => {
    const { user, router } = startAs(serviceManager, '/', 375);

    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(burger);
    const nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
    await user.click(nav.getByRole('link', { name: 'Customers' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('side menu on a desktop', () => {
  it('is shown and can be collapsed', async () => {
    const { user } = startAs(serviceManager, '/', 1280);

    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('global search field', () => {
  it('is focused by Ctrl+K', async () => {
    const { user } = startAs(serviceManager);
    const search = await screen.findByRole('combobox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Search orders, toilets, customers...');

    await user.keyboard('{Control>}k{/Control}');
    // The focus loads the suggestion list, whose field replaces this one and keeps the focus (decision 034).
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());
  });
});

describe('notifications', () => {
  it('has a named bell without an invented unread count', async () => {
    startAs(serviceManager);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).not.toHaveTextContent(/\d/);
  });
});

describe('side menu', () => {
  it('leads to Products for everyone and to its sync for those who may run it, marking one item', async () => {
    const first = startAs(serviceManager, '/', 1440);
    let nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(nav.queryByRole('link', { name: 'Catalogue sync' })).not.toBeInTheDocument();
    first.unmount();

    startAs(administrator, '/products/sync', 1440);
    nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Catalogue sync' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
  });
});
