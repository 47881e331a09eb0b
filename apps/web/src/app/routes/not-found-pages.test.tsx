import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceManager } from '../../../test/fixtures.ts';
import { mockApi, problem } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';

const ID = 'a0000000-0000-4000-8000-000000000404';

beforeAll(async () => {
  await import('./customer.tsx');
  await import('./technician.tsx');
  await import('./document.tsx');
  await import('../layout/app-layout.tsx');
});

// Issue 31, defect 6: a missing record is said in words, as for orders, never "(404: …)".
describe('a record that does not exist', { timeout: 20_000 }, () => {
  it.each([
    ['customers', 'Customer', 'Customer not found', 'Back to customers', '/customers'],
    ['technicians', 'Technician', 'Technician not found', 'Back to technicians', '/technicians'],
    ['documents', 'Document', 'Document not found', 'Back to the info center', '/info-center'],
  ])('/%s/{id}: heading, the words and the way back', async (path, heading, title, back, list) => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      [`GET /api/${path}/${ID}`]: { status: 404, body: problem(404, 'not_found', 'Resource not found.') },
    });
    renderApp(`/${path}/${ID}`, { signedInAs: serviceManager, width: 1440 });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', list);
    expect(screen.queryByText(/404/)).not.toBeInTheDocument();
  });
});
