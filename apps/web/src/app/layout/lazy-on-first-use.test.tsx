import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { serviceManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';

// Decision 034: the top bar's menus, the bell's list and the toasts load on first use. Each test is
// the first in this file to use its part, so it meets the button shown before the module is there.

function start() {
  mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    'GET /api/communications/unread': { status: 200, body: { count: 0, items: [] } },
    'GET /api/communications/unassigned': {
      status: 200,
      body: { items: [], total: 0, page: 1, pageSize: 1 },
    },
  });
  return renderApp('/', { signedInAs: serviceManager });
}

const SLOW = { timeout: 10_000 };

describe('top bar parts loaded on first use', () => {
  it('opens the user menu on the first Enter and Escape gives the focus back to its button', async () => {
    const { user } = start();
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', {}, SLOW);
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    const opened = screen.getByRole('button', { name: 'User menu' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'User menu' })).toHaveFocus();
  }, 15_000);

  it('opens the settings menu on the first click', async () => {
    const { user } = start();
    const button = await screen.findByRole('button', { name: 'Settings' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Norsk' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
  }, 15_000);

  it("opens the bell's list on the first Space, keeps the focus on the bell, and the next Space closes it", async () => {
    const { user } = start();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('No unread messages.', {}, SLOW)).toBeInTheDocument();
    const opened = screen.getByRole('button', { name: 'Notifications' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    expect(opened).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.queryByText('No unread messages.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'false');
  }, 15_000);

  it('mounts the toast container with the first toast, and that toast appears', async () => {
    start();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notifications.show({ message: 'Saved successfully' });
    });
    expect(await screen.findByText('Saved successfully', {}, SLOW)).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root[data-position="top-right"]')).toContainElement(
      screen.getByText('Saved successfully'),
    );
  }, 15_000);

  it("loads the search list on a keyboard user's first Tab, before the field is reached", async () => {
    const { user } = start();
    const lookAlike = await screen.findByRole('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Tab}');
    // The field was replaced by the loaded one without having had the focus: reached later, it is
    // focused once (decision 038).
    await waitFor(() => expect(lookAlike).not.toBeInTheDocument(), SLOW);
    expect(screen.getByRole('combobox', { name: 'Search' })).not.toHaveFocus();
  }, 15_000);
});
