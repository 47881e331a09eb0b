import { useState } from 'react';
import { Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { lazyDialog } from './lazy-dialog.tsx';

function Dialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Loaded dialog">
      body
    </Modal>
  );
}

function setup() {
  const load = vi.fn(() => Promise.resolve(Dialog));
  const LazyDialog = lazyDialog(load);
  function Screen() {
    const [opened, setOpened] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpened(true)}>
          Open
        </button>
        <LazyDialog opened={opened} onClose={() => setOpened(false)} />
      </>
    );
  }
  return { load, ...renderWithProviders(<Screen />) };
}

describe('lazyDialog', () => {
  it('loads nothing until the first opening, then opens on that click and gives focus back on closing', async () => {
    const { load, user } = setup();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    const button = screen.getByRole('button', { name: 'Open' });
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());

    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
