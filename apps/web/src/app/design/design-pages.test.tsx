import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serviceManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';
import { COMPONENT_ENTRIES } from './entries-components.tsx';
import { INTERACTIVE_ENTRIES } from './entries-interactive.tsx';
import { TABLE_ENTRIES } from './entries-table.tsx';

function start(path: string) {
  mockApi({ 'GET /api/user/profile': { status: 200, body: serviceManager } });
  return renderApp(path, { signedInAs: serviceManager });
}

describe('design pages', () => {
  it('/components shows every building block, and in Norwegian on a switch', async () => {
    const { user } = start('/components');
    for (const entry of COMPONENT_ENTRIES)
      expect(await screen.findByTestId(`demo-${entry.id}`)).toBeInTheDocument();
    expect(within(screen.getByTestId('demo-badges')).getByText('Waiting for parts')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Norsk' }));
    expect(await screen.findByRole('heading', { name: 'Status- og prioritetsmerker' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'English' }));
  });

  it("/components-demo's form shows the spec's validation messages", async () => {
    const { user } = start('/components-demo');
    for (const entry of INTERACTIVE_ENTRIES)
      expect(await screen.findByTestId(`demo-${entry.id}`)).toBeInTheDocument();
    const form = within(screen.getByTestId('demo-form'));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Title is required')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid phone number')).toBeInTheDocument();

    const dialog = within(screen.getByTestId('demo-confirm-dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.getByText('Cancelled.')).toBeInTheDocument());
  });

  it('/table-demo pages through the sample list and shows its empty and error states', async () => {
    const { user } = start('/table-demo');
    for (const entry of TABLE_ENTRIES)
      expect(await screen.findByTestId(`demo-${entry.id}`)).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 47 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 47 results')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Load error' }));
    expect(await screen.findByText('Failed to load data.')).toBeInTheDocument();
  });
});
