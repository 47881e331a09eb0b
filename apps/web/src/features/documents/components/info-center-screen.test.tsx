import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentListItem, DocumentStats } from '@service-portal/shared/documents';
import { serviceManager, technician } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp, renderWithProviders } from '../../../../test/render.tsx';
import { MemoryRouter } from 'react-router';
import { DocumentsForSku } from './documents-for-sku.tsx';

beforeAll(async () => {
  await import('../../../app/routes/info-center.tsx');
  await import('../../../app/routes/document.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const DOC_ID = 'd0000000-0000-4000-8000-000000000001';

function doc(overrides: Partial<DocumentListItem> = {}): DocumentListItem {
  return {
    id: DOC_ID,
    scope: 'maker',
    title: 'AquaHeat 200 water heater - user manual',
    description: null,
    category: 'user_manual',
    sku: 'AH-200',
    tags: ['heater'],
    product: null,
    current: {
      id: 'e0000000-0000-4000-8000-000000000001',
      number: 1,
      fileName: 'manual.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: 2048,
      uploadedBy: { id: serviceManager.id, name: 'Mona Manager' },
      uploadedAt: '2026-11-01T10:00:00.000Z',
      textStatus: 'none',
    },
    canManage: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    version: 1,
    match: null,
    ...overrides,
  };
}

const stats: DocumentStats = {
  total: 3,
  totalBytes: 5 * 1024 * 1024,
  perCategory: [
    { category: 'user_manual', count: 2 },
    { category: 'technical_spec', count: 1 },
  ],
  mostOpened: [{ id: DOC_ID, title: 'AquaHeat 200 water heater - user manual', opens: 4 }],
  tags: [{ tag: 'heater', count: 2 }],
};

const list: Handler = (request) => {
  if (request.params.search === 'legionella') {
    const hit = doc({
      match: {
        rank: 0.5,
        title: { text: 'AquaHeat 200 water heater - user manual', ranges: [] },
        snippet: {
          text: 'Below 60 degrees legionella may grow. <img src=x onerror=alert(1)>',
          ranges: [[17, 27]],
        },
      },
    });
    return { status: 200, body: { items: [hit], total: 1, page: 1, pageSize: 20 } };
  }
  return { status: 200, body: { items: [doc()], total: 1, page: 1, pageSize: 20 } };
};

function start(as = serviceManager, routes: Record<string, Handler> = {}, path = '/info-center') {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    'GET /api/documents': list,
    'GET /api/documents/stats': { status: 200, body: stats },
    ...routes,
  });
  return { ...api, ...renderApp(path, { signedInAs: as }) };
}

describe('info center', { timeout: 20_000 }, () => {
  it('shows the stats, and marks the matched words of a search as text, never as HTML', async () => {
    const { user, calls, container } = start();
    expect(await screen.findByText('3 documents')).toBeInTheDocument();
    expect(screen.getByText('5.0 MB in all')).toBeInTheDocument();
    expect(screen.getByText('4 opens')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'legionella{Enter}');
    const snippet = await screen.findByTestId('document-snippet');
    expect(within(snippet).getByText('legionella').tagName).toBe('MARK');
    expect(snippet).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(calls.some((c) => c.url === '/api/documents' && c.params.search === 'legionella')).toBe(true);
  });

  it('filters by category from the URL and the stats', async () => {
    const { user, calls, router } = start();
    await screen.findByText('3 documents');
    await user.click(screen.getByRole('button', { name: 'Technical specification' }));
    await expect
      .poll(() => calls.some((c) => c.url === '/api/documents' && c.params.category === 'technical_spec'))
      .toBe(true);
    expect(router.state.location.search).toBe('?category=technical_spec');
  });

  it('offers no upload to a technician', async () => {
    start(technician);
    expect(await screen.findByText('3 documents')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload' })).toBeNull();
  });

  it('uploads each dropped file on its own, and says why one was refused', async () => {
    let n = 0;
    const { user, calls } = start(serviceManager, {
      'POST /api/documents': () => {
        n += 1;
        return n === 1
          ? { status: 201, body: [doc({ scope: 'partner', canManage: true })] }
          : { status: 400, body: problem(400, 'file_type_mismatch', 'The file is not what its name says.') };
      },
    });
    await screen.findByRole('heading', { name: 'Upload' });
    const input = screen.getByTestId('document-file-input');
    await user.upload(input, [
      new File(['%PDF-1.4'], 'wiring.pdf', { type: 'application/pdf' }),
      new File(['not a pdf'], 'fake.pdf', { type: 'application/pdf' }),
    ]);
    expect(screen.getByDisplayValue('wiring')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    expect(await screen.findByText('The file is not what its name says.')).toBeInTheDocument();
    expect(screen.getAllByText('Upload successful').length).toBeGreaterThan(0);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const form = posts[0]!.body as FormData;
    expect(form.get('scope')).toBe('partner');
    expect(form.get('category')).toBe('user_manual');
    expect(form.get('titles')).toBe('wiring');
    expect((form.get('files') as File).name).toBe('wiring.pdf');
  });
});

describe('document page', { timeout: 20_000 }, () => {
  const detail = (overrides: Partial<DocumentDetail> = {}): DocumentDetail => {
    const { match: _match, ...base } = doc();
    return {
      ...base,
      versions: [
        {
          ...base.current,
          id: 'e0000000-0000-4000-8000-000000000002',
          number: 2,
          fileName: 'manual-v2.docx',
        },
        base.current,
      ],
      current: {
        ...base.current,
        id: 'e0000000-0000-4000-8000-000000000002',
        number: 2,
        fileName: 'manual-v2.docx',
      },
      opensThisMonth: 1,
      ...overrides,
    };
  };

  it('shows the details and every version; only those allowed may change it', async () => {
    start(
      technician,
      { [`GET /api/documents/${DOC_ID}`]: { status: 200, body: detail() } },
      `/documents/${DOC_ID}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'AquaHeat 200 water heater - user manual' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 versions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download version 1' })).toBeInTheDocument();
    expect(screen.getByText('This type of file has no preview. Download it to open it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
  });

  it('edits the details with the version last read and shows a conflict', async () => {
    const { user, calls } = start(
      serviceManager,
      {
        [`GET /api/documents/${DOC_ID}`]: { status: 200, body: detail({ canManage: true, version: 4 }) },
        [`PUT /api/documents/${DOC_ID}`]: { status: 409, body: problem(409, 'version_conflict') },
      },
      `/documents/${DOC_ID}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText(/Title/));
    await user.type(within(dialog).getByLabelText(/Title/), 'Manual (rev.)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The document was changed by someone else. Reload it and try again.'),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ title: 'Manual (rev.)', version: 4, sku: 'AH-200', tags: ['heater'] });
  });
});

describe('DocumentsForSku', () => {
  it("lists the SKU's documents", async () => {
    const { calls } = mockApi({ 'GET /api/documents': list });
    renderWithProviders(
      <MemoryRouter>
        <DocumentsForSku sku="AH-200" />
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('link', { name: 'AquaHeat 200 water heater - user manual' }),
    ).toHaveAttribute('href', `/documents/${DOC_ID}`);
    expect(calls[0]?.params).toMatchObject({ sku: 'AH-200' });
  });
});
