import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Document, DocumentDetail, DocumentListResponse } from '@service-portal/shared/documents';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { makePdf } from '../../seed/pdf.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { multipart, png, type Part } from '../../../test/image-fixtures.ts';
import { bearer } from '../../../test/helper.ts';
import { actingFor, createOrdersWorld, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
const MAX = 200 * 1024;

beforeAll(async () => {
  w = await createOrdersWorld({ config: { documents: { maxBytes: MAX } } });
});
afterAll(async () => w.ctx.close());

function upload(token: string, parts: Part[], headers: Record<string, string> = {}, url = '/documents') {
  const body = multipart(parts);
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...bearer(token), ...headers, ...body.headers },
    payload: body.payload,
  });
}

const pdfPart = (filename: string, data: Buffer): Part => ({
  name: 'files',
  filename,
  data,
  contentType: 'application/pdf',
});

async function pdfWith(title: string, words: string): Promise<Buffer> {
  return makePdf(title, [
    { heading: 'Introduction', paragraphs: ['Ordinary words about heaters and toilets.'] },
    { heading: 'Details', paragraphs: [words] },
  ]);
}

/** A minimal real DOCX: a zip whose [Content_Types].xml names a word-processing document. */
function docx(): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'word/document.xml': strToU8('<w:document xmlns:w="x"><w:body/></w:document>'),
    }),
  );
}

const list = async (token: string, query: string, headers: Record<string, string> = {}) => {
  const res = await w.api(token, headers).get(`/documents${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DocumentListResponse>();
};

let nordicDoc: Document;
let makerDoc: Document;
let fjordDoc: Document;

describe('upload and text search', () => {
  it('stores a PDF, extracts its text in a job, and finds a word that is only inside it', async () => {
    const pdf = await pdfWith(
      'Heater bench notes',
      'The xylophonic resonance of the anode rod means replacement.',
    );
    const res = await upload(w.tokens.manager, [
      { name: 'scope', value: 'partner' },
      { name: 'category', value: 'service_documentation' },
      { name: 'sku', value: 'ah-200' },
      { name: 'tags', value: 'Bench, heater' },
      { name: 'titles', value: 'Heater bench notes' },
      pdfPart('bench-notes.pdf', pdf),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    nordicDoc = res.json<Document[]>()[0]!;
    expect(nordicDoc).toMatchObject({
      scope: 'partner',
      title: 'Heater bench notes',
      category: 'service_documentation',
      sku: 'AH-200',
      tags: ['bench', 'heater'],
      canManage: true,
      version: 1,
      current: { number: 1, mimeType: 'application/pdf', fileName: 'bench-notes.pdf', textStatus: 'pending' },
    });
    expect(nordicDoc.current.bytes).toBe(pdf.length);

    // Before the job ran, the word is nowhere to be found.
    expect((await list(w.tokens.manager, '?search=xylophonic')).total).toBe(0);
    await w.ctx.app.jobs.drain();

    const found = await list(w.tokens.manager, '?search=xylophonic');
    expect(found.items.map((d) => d.id)).toEqual([nordicDoc.id]);
    const snippet = found.items[0]!.match!.snippet!;
    expect(snippet.ranges.length).toBeGreaterThan(0);
    const [start, end] = snippet.ranges[0]!;
    expect(snippet.text.slice(start, end).toLowerCase()).toBe('xylophonic');
    // A prefix finds it too (search as you type), and the detail says the text was read.
    expect((await list(w.tokens.manager, '?search=xylopho')).total).toBe(1);
    const detail = (await w.api(w.tokens.manager).get(`/documents/${nordicDoc.id}`)).json<DocumentDetail>();
    expect(detail.current.textStatus).toBe('done');
  });

  it('ranks title matches above text matches and marks the title words', async () => {
    const res = await upload(w.tokens.office, [
      { name: 'category', value: 'technical_spec' },
      pdfPart('anode-rod-spec.pdf', await pdfWith('Anode rod specification', 'Magnesium, 33 mm.')),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await w.ctx.app.jobs.drain();
    const found = await list(w.tokens.manager, '?search=anode');
    expect(found.items.map((d) => d.title)).toEqual(['anode-rod-spec', 'Heater bench notes']);
    const title = found.items[0]!.match!.title;
    expect(title.ranges.map(([s, e]) => title.text.slice(s, e))).toEqual(['anode']);
    // Filters: category and tag narrow the list.
    expect((await list(w.tokens.manager, '?search=anode&category=technical_spec')).total).toBe(1);
    expect((await list(w.tokens.manager, '?tag=bench')).items.map((d) => d.id)).toEqual([nordicDoc.id]);
    expect((await list(w.tokens.manager, '?sku=ah-200')).items.map((d) => d.id)).toEqual([nordicDoc.id]);
  });

  it('finds a SKU or a code with a hyphen as it is written (AH-200)', async () => {
    // PostgreSQL's parser reads "-200" in "AH-200" as a signed number: the search asks for both.
    for (const search of ['AH-200', 'ah 200', 'AH-2'])
      expect(
        (await list(w.tokens.manager, `?search=${encodeURIComponent(search)}`)).items.map((d) => d.id),
      ).toContain(nordicDoc.id);
    expect((await list(w.tokens.manager, '?search=AH-201')).items.map((d) => d.id)).not.toContain(
      nordicDoc.id,
    );
  });

  it("keeps the maker's documents for the global administrator and shows them to every partner", async () => {
    const body: Part[] = [
      { name: 'scope', value: 'maker' },
      { name: 'category', value: 'user_manual' },
      pdfPart('maker-manual.pdf', await pdfWith('EcoFlush manual', 'Quixotic flush valve instructions.')),
    ];
    // A partner's manager may not add to the maker's documents.
    const refused = await upload(w.tokens.manager, body);
    expect(refused.statusCode).toBe(403);
    const res = await upload(w.tokens.admin, body, actingFor(w.partners.fjord));
    expect(res.statusCode, res.body).toBe(201);
    makerDoc = res.json<Document[]>()[0]!;
    expect(makerDoc.scope).toBe('maker');
    await w.ctx.app.jobs.drain();
    for (const token of [w.tokens.manager, w.tokens.fjord, w.tokens.tech]) {
      const found = await list(token, '?search=quixotic');
      expect(found.items.map((d) => d.id)).toEqual([makerDoc.id]);
      expect(found.items[0]!.canManage).toBe(false);
      expect((await w.api(token).get(`/documents/${makerDoc.id}/download`)).statusCode).toBe(200);
    }
    expect((await list(w.tokens.manager, '?scope=maker')).items.map((d) => d.id)).toEqual([makerDoc.id]);
    // The partner's manager cannot change or delete it.
    expect(
      (
        await w.api(w.tokens.manager).put(`/documents/${makerDoc.id}`, {
          title: 'Mine now',
          category: 'user_manual',
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await w.api(w.tokens.manager).del(`/documents/${makerDoc.id}`)).statusCode).toBe(403);
  });

  it("lets the global administrator without a partner read and manage the maker's documents only", async () => {
    const admin = w.api(w.tokens.admin);
    const found = await list(w.tokens.admin, '?search=quixotic');
    expect(found.items.map((d) => d.id)).toEqual([makerDoc.id]);
    // A partner's own documents stay out of sight without a partner.
    expect((await list(w.tokens.admin, '?search=xylophonic')).total).toBe(0);
    expect((await admin.get(`/documents/${nordicDoc.id}`)).statusCode).toBe(404);
    const stats = await admin.get('/documents/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect((await admin.get(`/documents/${makerDoc.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/documents/${makerDoc.id}/download`)).statusCode).toBe(200);
    const search = await admin.get('/search/global?query=quixotic');
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().results.map((r: { id: string }) => r.id)).toEqual([makerDoc.id]);
    // The maker's: no partner needed; a partner's own: asked for in words, nothing stored.
    const maker = await upload(w.tokens.admin, [
      { name: 'scope', value: 'maker' },
      { name: 'category', value: 'user_manual' },
      pdfPart('maker-guide.pdf', await pdfWith('Maker guide', 'Plain words.')),
    ]);
    expect(maker.statusCode, maker.body).toBe(201);
    const own = await upload(w.tokens.admin, [
      { name: 'category', value: 'user_manual' },
      pdfPart('own.pdf', await pdfWith('Own guide', 'Plain words.')),
    ]);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('partner_required');
    expect((await list(w.tokens.admin, '?search=own')).total).toBe(0);
    const removed = await admin.del(`/documents/${maker.json<Document[]>()[0]!.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('joins the global search as type Document', async () => {
    const res = await w.api(w.tokens.tech).get('/search/global?query=xylophonic');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: nordicDoc.id, name: 'Heater bench notes', type: 'Document', subtitle: 'AH-200' },
    ]);
    expect((await w.api(w.tokens.fjord).get('/search/global?query=xylophonic')).json().results).toEqual([]);
  });
});

describe("a partner's documents never reach another partner", () => {
  beforeAll(async () => {
    const res = await upload(w.tokens.fjord, [
      { name: 'category', value: 'service_documentation' },
      pdfPart('fjord-only.pdf', await pdfWith('Fjord van list', 'Zeppelinous stock of gaskets.')),
    ]);
    fjordDoc = res.json<Document[]>()[0]!;
    await w.ctx.app.jobs.drain();
  });

  it('in the list, the search, the detail, the files, the versions and every change', async () => {
    expect((await list(w.tokens.manager, '')).items.map((d) => d.id)).not.toContain(fjordDoc.id);
    expect((await list(w.tokens.manager, '?search=zeppelinous')).total).toBe(0);
    expect((await list(w.tokens.fjord, '?search=zeppelinous')).total).toBe(1);
    expect((await list(w.tokens.fjord, '?search=xylophonic')).total).toBe(0);
    expect((await list(w.tokens.fjord, '?scope=partner')).items.map((d) => d.id)).toEqual([fjordDoc.id]);
    const nordic = w.api(w.tokens.manager);
    for (const url of [
      `/documents/${fjordDoc.id}`,
      `/documents/${fjordDoc.id}/download`,
      `/documents/${fjordDoc.id}/file`,
      `/documents/${fjordDoc.id}/file?version=1`,
    ]) {
      const res = await nordic.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Zeppelinous');
    }
    expect(
      (await nordic.put(`/documents/${fjordDoc.id}`, { title: 'Taken', category: 'user_manual', version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await nordic.del(`/documents/${fjordDoc.id}`)).statusCode).toBe(404);
    const replaced = await upload(
      w.tokens.manager,
      [{ name: 'file', filename: 'x.pdf', data: await pdfWith('x', 'y'), contentType: 'application/pdf' }],
      {},
      `/documents/${fjordDoc.id}/versions`,
    );
    expect(replaced.statusCode).toBe(404);
    // The stats count only what the partner sees.
    const stats = (await nordic.get('/documents/stats')).json();
    expect(stats.mostOpened.map((m: { id: string }) => m.id)).not.toContain(fjordDoc.id);
    // And the global administrator sees it only while acting for Fjord.
    expect(
      (await w.api(w.tokens.admin, actingFor(w.partners.nordic)).get(`/documents/${fjordDoc.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await w.api(w.tokens.admin, actingFor(w.partners.fjord)).get(`/documents/${fjordDoc.id}`)).statusCode,
    ).toBe(200);
  });
});

describe('files checked by content', () => {
  // The ledger's keys: a refused upload adds none (the sweep may drop deleted rows meanwhile, so
  // the test compares keys, not counts).
  async function ledgerKeys() {
    return new Set((await w.ctx.app.db.select().from(storedFiles)).map((r) => r.key));
  }
  async function addedSince(before: Set<string>) {
    return [...(await ledgerKeys())].filter((key) => !before.has(key));
  }

  it('refuses a file that is not what its name says, and stores nothing', async () => {
    const before = await ledgerKeys();
    for (const [filename, data] of [
      ['photo.pdf', await png()],
      ['notes.pdf', Buffer.from('just some text, not a PDF at all')],
      ['manual.docx', await pdfWith('a', 'b')],
      ['report.jpg', docx()],
    ] as const) {
      const res = await upload(w.tokens.manager, [
        { name: 'category', value: 'user_manual' },
        pdfPart(filename, data),
      ]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().code).toBe('file_type_mismatch');
    }
    const exe = await upload(w.tokens.manager, [
      { name: 'category', value: 'user_manual' },
      pdfPart('setup.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1')),
    ]);
    expect(exe.statusCode).toBe(415);
    expect(await addedSince(before)).toEqual([]);
  });

  it('takes images and office documents by content, several at once, all or nothing', async () => {
    const res = await upload(w.tokens.manager, [
      { name: 'category', value: 'marketing_material' },
      { name: 'files', filename: 'poster.png', data: await png(), contentType: 'application/octet-stream' },
      { name: 'files', filename: 'Brosjyre å.docx', data: docx(), contentType: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const docs = res.json<Document[]>();
    expect(docs.map((d) => [d.title, d.current.mimeType, d.current.textStatus])).toEqual([
      ['poster', 'image/png', 'none'],
      ['Brosjyre å', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'none'],
    ]);
    // One bad file among good ones: nothing is kept.
    const before = await ledgerKeys();
    const mixed = await upload(w.tokens.manager, [
      { name: 'category', value: 'marketing_material' },
      { name: 'files', filename: 'ok.png', data: await png() },
      { name: 'files', filename: 'bad.png', data: docx() },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(await addedSince(before)).toEqual([]);
  });

  it('answers 413 for a file over DOCUMENT_MAX_MB and keeps nothing', async () => {
    const before = await ledgerKeys();
    const pdf = await pdfWith('Big', 'big');
    const big = Buffer.concat([pdf, Buffer.alloc(MAX + 10 - pdf.length, 0x20)]);
    const res = await upload(w.tokens.manager, [
      { name: 'category', value: 'user_manual' },
      pdfPart('big.pdf', big),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(await addedSince(before)).toEqual([]);
  });

  it('answers 400 for missing or wrong fields', async () => {
    const pdf = await pdfWith('x', 'y');
    for (const parts of [
      [pdfPart('a.pdf', pdf)],
      [{ name: 'category', value: 'recipes' }, pdfPart('a.pdf', pdf)],
      [{ name: 'category', value: 'user_manual' }],
      [{ name: 'category', value: 'user_manual' }, { name: 'evil', value: '1' }, pdfPart('a.pdf', pdf)],
    ] as Part[][]) {
      const res = await upload(w.tokens.manager, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const json = await w.api(w.tokens.manager).post('/documents', { title: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('roles', () => {
  it('lets every signed-in user read, and only Administrators and ServiceManagers change', async () => {
    const tech = w.api(w.tokens.tech);
    expect((await tech.get(`/documents/${nordicDoc.id}`)).json().canManage).toBe(false);
    const res = await upload(w.tokens.tech, [
      { name: 'category', value: 'user_manual' },
      pdfPart('t.pdf', await pdfWith('t', 't')),
    ]);
    expect(res.statusCode).toBe(403);
    expect(
      (await tech.put(`/documents/${nordicDoc.id}`, { title: 'x', category: 'user_manual', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await tech.del(`/documents/${nordicDoc.id}`)).statusCode).toBe(403);
    expect((await w.ctx.app.inject({ method: 'GET', url: '/api/documents' })).statusCode).toBe(401);
  });
});

describe('versions, edits, files and deletion', () => {
  it('replaces the file, keeps the earlier version, and searches the new text only', async () => {
    const res = await upload(
      w.tokens.manager,
      [
        {
          name: 'file',
          filename: 'bench-notes-v2.pdf',
          data: await pdfWith('Heater bench notes', 'Now about the borealic valve.'),
          contentType: 'application/pdf',
        },
      ],
      {},
      `/documents/${nordicDoc.id}/versions`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json<DocumentDetail>();
    expect(detail.versions.map((v) => [v.number, v.fileName])).toEqual([
      [2, 'bench-notes-v2.pdf'],
      [1, 'bench-notes.pdf'],
    ]);
    expect(detail.version).toBe(2);
    await w.ctx.app.jobs.drain();
    expect((await list(w.tokens.manager, '?search=borealic')).total).toBe(1);
    expect((await list(w.tokens.manager, '?search=xylophonic')).total).toBe(0);
    const old = await w.api(w.tokens.manager).get(`/documents/${nordicDoc.id}/download?version=1`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(old.headers['content-disposition']).toContain('bench-notes.pdf');
    expect((await w.api(w.tokens.manager).get(`/documents/${nordicDoc.id}/file?version=9`)).statusCode).toBe(
      404,
    );
  });

  it('edits the details with optimistic versions', async () => {
    const api = w.api(w.tokens.manager);
    const ok = await api.put(`/documents/${nordicDoc.id}`, {
      title: 'Heater bench notes (rev.)',
      description: 'For the workshop',
      category: 'service_documentation',
      sku: 'AH-200',
      tags: ['bench'],
      version: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Heater bench notes (rev.)', version: 3, tags: ['bench'] });
    const stale = await api.put(`/documents/${nordicDoc.id}`, {
      title: 'Other',
      category: 'service_documentation',
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const bad = await api.put(`/documents/${nordicDoc.id}`, { title: '', category: 'x', version: 3 });
    expect(bad.statusCode).toBe(400);
    expect((await list(w.tokens.manager, '?search=workshop')).items[0]!.id).toBe(nordicDoc.id);
  });

  it('serves the file inline, typed by content and sandboxed, and as an attachment with its UTF-8 name', async () => {
    const api = w.api(w.tokens.manager);
    const inline = await api.get(`/documents/${nordicDoc.id}/file`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['content-security-policy']).toContain('sandbox');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const list2 = await list(w.tokens.manager, '?search=brosjyre');
    const docxId = list2.items[0]!.id;
    const download = await api.get(`/documents/${docxId}/download`);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Brosjyre _.docx"; filename*=UTF-8''Brosjyre%20%C3%A5.docx`,
    );
  });

  it('counts opens this month in the stats', async () => {
    const stats = (await w.api(w.tokens.manager).get('/documents/stats')).json();
    // Two opens: the old version's download and the inline file (a 404 counts nothing).
    expect(stats.mostOpened[0]).toMatchObject({ id: nordicDoc.id, opens: 2 });
    expect(stats.perCategory).toEqual(
      expect.arrayContaining([
        { category: 'service_documentation', count: 1 },
        { category: 'user_manual', count: 1 },
        { category: 'marketing_material', count: 2 },
        { category: 'technical_spec', count: 1 },
      ]),
    );
    expect(stats.total).toBe(5);
    expect(stats.totalBytes).toBeGreaterThan(1000);
    expect(stats.tags).toEqual(expect.arrayContaining([{ tag: 'bench', count: 1 }]));
    expect((await w.api(w.tokens.manager).get(`/documents/${nordicDoc.id}`)).json().opensThisMonth).toBe(2);
  });

  it('deletes a document with its versions; the files go to the clean-up', async () => {
    const api = w.api(w.tokens.manager);
    expect((await api.del(`/documents/${nordicDoc.id}`)).statusCode).toBe(204);
    expect((await api.get(`/documents/${nordicDoc.id}`)).statusCode).toBe(404);
    const released = await w.ctx.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, `documents/${w.partners.nordic}/${nordicDoc.current.id}`));
    expect(released[0]?.deletedAt).not.toBeNull();
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.skipIf(!inject('pgTemplate'))(
    'stores a text as its document is deleted, without a deadlock',
    async () => {
      const res = await upload(w.tokens.manager, [
        { name: 'category', value: 'user_manual' },
        pdfPart('race.pdf', await pdfWith('Race notes', 'Words.')),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json<Document[]>()[0]!;
      await w.ctx.app.jobs.drain();
      const db = w.ctx.app.db;
      const repo = createDocumentsRepository(db);
      let saving: Promise<void> | undefined;
      // The deletion holds the document's lock while the extraction job stores the text, then
      // deletes: the job must wait for the document, not hold the version the cascade needs.
      await db.transaction(async (tx) => {
        await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, doc.id)).for('update');
        saving = repo.saveText(doc.current.id, 'done', 'Text stored late.');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.delete(documents).where(eq(documents.id, doc.id));
      });
      await saving;
      const left = await db
        .select({ id: documentVersions.id })
        .from(documentVersions)
        .where(eq(documentVersions.documentId, doc.id));
      expect(left).toEqual([]);
    },
  );
});

describe('a retried upload', () => {
  it('with the same Idempotency-Key is answered again and stores one document', async () => {
    const parts = async (): Promise<Part[]> => [
      { name: 'scope', value: 'partner' },
      { name: 'category', value: 'service_documentation' },
      { name: 'titles', value: 'Retried upload' },
      pdfPart('retried.pdf', await pdfWith('Retried upload', 'Sent twice, stored once.')),
    ];
    const first = await upload(w.tokens.manager, await parts(), { 'idempotency-key': 'doc-retry-1' });
    const again = await upload(w.tokens.manager, await parts(), { 'idempotency-key': 'doc-retry-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const found = await list(w.tokens.manager, '?search=Retried');
    expect(found.items.filter((d) => d.title === 'Retried upload')).toHaveLength(1);
  });
});
