import { render, screen } from '@testing-library/react';
import { MantineProvider, Notification } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { themeWithLabels } from './theme.ts';

// Issue 31 item 3: the opened-states walk found a toast ("Logo saved") whose close button had no
// name (axe critical "button-name"). Every toast is a Mantine Notification: the theme names it.
describe('a toast as the app shows it', () => {
  it('has a close button with a name', () => {
    render(
      <MantineProvider theme={themeWithLabels({ close: 'Lukk' })} env="test">
        <Notification onClose={() => undefined}>Logo saved</Notification>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Lukk' })).toBeInTheDocument();
  });
});
