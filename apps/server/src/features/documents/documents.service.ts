import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { hasRole, type AccessSubject } from '@service-portal/shared/access';
import {
  DOCUMENT_LIMITS,
  documentMetadataSchema,
  documentUploadFieldsSchema,
  searchTerms,
  titleFromFileName,
  type Document,
  type DocumentDetail,
  type DocumentListItem,
  type DocumentListQuery,
  type DocumentStats,
  type DocumentUpdateInput,
  type DocumentVersion,
  type Highlight,
} from '@service-portal/shared/documents';
import type { SearchHit } from '@service-portal/shared/search';
import type { Db } from '../../db/client.ts';
import { actsForPartner, requirePartner, type TenantScope } from '../../db/tenant.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { FileWrites, StoredFiles } from '../../integrations/storage/file-ledger.ts';
import type { UploadPart } from '../../lib/multipart.ts';
import { extractPdfText, readAll, safeFileName, sniffDocument, tooLarge } from './documents.files.ts';
import {
  MARK_END,
  MARK_START,
  type DocumentRow,
  type DocumentsRepository,
  type NewVersion,
  type VersionRow,
} from './documents.repository.ts';

/** Who acts: their id and what they may do. */
export type Actor = AccessSubject & { id: string };

/** The catalogue's products by SKU (the products module's offer). */
export type FindProductsBySkus = (
  skus: string[],
) => Promise<Map<string, { productId: string; title: string }>>;

export interface DocumentsDeps {
  repo: DocumentsRepository;
  /** File storage under the ledger of stored files (integrations/storage). */
  files: StoredFiles;
  maxBytes: number;
  /** Queues the text extraction of a stored PDF (the job runner; the seed extracts at once). */
  queueExtraction: (versionId: string, partnerId: string | null) => Promise<void>;
  findProductsBySkus?: FindProductsBySkus;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

const DOCUMENT = 'Document';
const FIELD_NAMES = new Set(['scope', 'category', 'description', 'sku', 'titles', 'tags']);
const SINGLE_FIELDS = new Set(['scope', 'category', 'description', 'sku']);

function badRequest(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}

const versionConflict = () =>
  new AppError('version_conflict', 409, 'The document was changed by someone else. Reload it and try again.');

/** ts_headline's marked text → plain text and the marked [start, end) ranges. */
export function parseMarked(marked: string): Highlight {
  let text = '';
  const ranges: [number, number][] = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === MARK_START) start = text.length;
    else if (ch === MARK_END) {
      if (start >= 0 && text.length > start) ranges.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, ranges };
}

/** May the actor change a document of this owner (null: the maker's)? */
export function canManage(actor: Actor, ownerPartnerId: string | null): boolean {
  return ownerPartnerId === null ? actor.isGlobalAdmin : hasRole(actor, 'ServiceManager');
}

/**
 * The info center (issue 17): the maker's documents and the partner's own, uploaded by content
 * type, versioned, searched to the word (PDF text comes from a job), previewed and downloaded.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const { repo, files: stored } = deps;
  const now = deps.now ?? (() => new Date());
  const findProducts: FindProductsBySkus = deps.findProductsBySkus ?? (async () => new Map());

  function presentVersion(row: VersionRow): DocumentVersion {
    return {
      id: row.id,
      number: row.number,
      fileName: row.fileName,
      mimeType: row.mimeType,
      bytes: row.bytes,
      uploadedBy:
        row.uploadedById && row.uploadedByName ? { id: row.uploadedById, name: row.uploadedByName } : null,
      uploadedAt: row.uploadedAt.toISOString(),
      textStatus: row.textStatus,
    };
  }

  async function productsFor(rows: { sku: string | null }[]) {
    const skus = [...new Set(rows.map((r) => r.sku).filter((s): s is string => s !== null))];
    if (skus.length === 0) return new Map<string, { productId: string; title: string }>();
    try {
      return await findProducts(skus);
    } catch (err) {
      // The link to the catalogue is a nicety: the documents show without it.
      deps.log?.warn({ err }, 'could not look up products for document SKUs');
      return new Map<string, { productId: string; title: string }>();
    }
  }

  function present(
    row: DocumentRow,
    actor: Actor,
    products: Map<string, { productId: string; title: string }>,
  ): Document {
    return {
      id: row.id,
      scope: row.servicePartnerId === null ? 'maker' : 'partner',
      title: row.title,
      description: row.description,
      category: row.category,
      sku: row.sku,
      tags: row.tags,
      product: row.sku ? (products.get(row.sku) ?? null) : null,
      current: presentVersion(row.current),
      canManage: canManage(actor, row.servicePartnerId),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  async function getRow(scope: TenantScope, id: string): Promise<DocumentRow> {
    const row = await repo.get(scope, id);
    if (!row) throw notFound(DOCUMENT);
    return row;
  }

  /** Streams one file part into storage under the ledger; its type by content. */
  async function storeFile(
    ownerPartnerId: string | null,
    file: AsyncIterable<Buffer>,
    fileName: string,
    written: FileWrites,
  ) {
    const { type, stream } = await sniffDocument(file, fileName, deps.maxBytes);
    const versionId = randomUUID();
    const key = `documents/${ownerPartnerId ?? 'maker'}/${versionId}`;
    const bytes = await written.put(ownerPartnerId, key, stream, type);
    return { versionId, key, type, bytes, fileName: safeFileName(fileName) };
  }

  async function queueText(versions: { versionId: string; type: string }[], owner: string | null) {
    for (const v of versions) {
      if (v.type === 'application/pdf') await deps.queueExtraction(v.versionId, owner);
    }
  }

  const service = {
    async list(scope: TenantScope, actor: Actor, query: DocumentListQuery) {
      const terms = query.search ? searchTerms(query.search) : [];
      const { items, total } = await repo.list(scope, query, terms);
      const products = await productsFor(items);
      const out: DocumentListItem[] = items.map((row) => ({
        ...present(row, actor, products),
        match: row.match
          ? {
              rank: row.match.rank,
              title: parseMarked(row.match.titleMarked),
              snippet: row.match.snippetMarked ? parseMarked(row.match.snippetMarked) : null,
            }
          : null,
      }));
      return { items: out, total, page: query.page, pageSize: query.pageSize };
    },

    async get(scope: TenantScope, actor: Actor, id: string): Promise<DocumentDetail> {
      const row = await getRow(scope, id);
      const [versions, products, opens] = await Promise.all([
        repo.versions(id),
        productsFor([row]),
        repo.opensThisMonth(scope, id, now()),
      ]);
      return {
        ...present(row, actor, products),
        versions: versions.map(presentVersion),
        opensThisMonth: opens,
      };
    },

    async stats(scope: TenantScope): Promise<DocumentStats> {
      return repo.stats(scope, now());
    },

    /** The global search's documents: best match first; a SKU typed whole is an exact hit. */
    async searchHits(scope: TenantScope, text: string, limit: number): Promise<SearchHit[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      const rows = await repo.searchHits(scope, terms, limit);
      const whole = text.trim().toUpperCase();
      return rows.map((r) => ({
        id: r.id,
        name: r.title,
        subtitle: r.sku ?? null,
        exact: r.sku !== null && r.sku === whole,
      }));
    },

    /**
     * POST /documents: one or several files (multipart `files`) with the fields of
     * `documentUploadFieldsSchema`; each file becomes a document. All or nothing.
     */
    async upload(scope: TenantScope, actor: Actor, parts: AsyncIterable<UploadPart>): Promise<Document[]> {
      const written = stored.writes();
      const single: Record<string, string> = {};
      const lists: Record<'titles' | 'tags', string[]> = { titles: [], tags: [] };
      const files: Awaited<ReturnType<typeof storeFile>>[] = [];
      let owner: string | null = scope.partnerId;
      let ownerKnown = false;
      try {
        for await (const part of parts) {
          const name = part.fieldname.replace(/\[\]$/, '');
          if (part.type === 'field') {
            if (!FIELD_NAMES.has(name) || typeof part.value !== 'string') {
              throw badRequest(part.fieldname, 'Unknown field');
            }
            if (SINGLE_FIELDS.has(name)) single[name] = part.value;
            else if (name === 'tags') lists.tags.push(...part.value.split(','));
            else lists.titles.push(part.value);
            continue;
          }
          if (name !== 'files') throw badRequest(part.fieldname, 'Unknown field');
          if (files.length >= DOCUMENT_LIMITS.maxFilesPerUpload) throw tooLarge();
          if (!ownerKnown) {
            // The scope field comes before the files (the web client sends it first).
            owner = single.scope === 'maker' ? null : scope.partnerId;
            if (owner !== null) requirePartner(scope);
            if (!canManage(actor, owner)) throw forbidden();
            ownerKnown = true;
          }
          files.push(await storeFile(owner, part.file, part.filename, written));
        }
        if (files.length === 0) throw badRequest('files', 'Choose at least one file');
        const parsed = documentUploadFieldsSchema.safeParse({
          ...single,
          titles: lists.titles,
          tags: lists.tags.map((t) => t.trim()).filter((t) => t.length > 0),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.path.join('.'), issue.message);
        }
        const fields = parsed.data;
        if ((fields.scope === 'maker' ? null : scope.partnerId) !== owner) {
          throw badRequest('scope', 'Send the scope before the files');
        }
        if (fields.titles.length !== 0 && fields.titles.length !== files.length) {
          throw badRequest('titles', 'One title per file, or none');
        }
        const at = now();
        const created: string[] = [];
        await repo.transaction(async (tx: Db) => {
          for (const [index, f] of files.entries()) {
            const meta = documentMetadataSchema.safeParse({
              title: fields.titles[index] || titleFromFileName(f.fileName),
              description: fields.description ?? '',
              category: fields.category,
              sku: fields.sku ?? '',
              tags: fields.tags,
            });
            if (!meta.success) {
              const issue = meta.error.issues[0]!;
              throw badRequest(issue.path.join('.'), issue.message);
            }
            const id = randomUUID();
            await repo.insertDocument({ id, servicePartnerId: owner, createdBy: actor.id, ...meta.data }, tx);
            await repo.addVersion(versionValues(id, 1, f, actor.id, at), tx, false);
            created.push(id);
          }
          await written.commit(tx, at);
        });
        await queueText(
          files.map((f) => ({ versionId: f.versionId, type: f.type })),
          owner,
        );
        const rows = await Promise.all(created.map((id) => getRow(scope, id)));
        const products = await productsFor(rows);
        return rows.map((r) => present(r, actor, products));
      } catch (err) {
        await written.discard();
        throw err;
      }
    },

    /** POST /documents/{id}/versions: a new file for the document; the earlier ones stay. */
    async replaceFile(
      scope: TenantScope,
      actor: Actor,
      id: string,
      parts: AsyncIterable<UploadPart>,
    ): Promise<DocumentDetail> {
      const current = await getRow(scope, id);
      if (!canManage(actor, current.servicePartnerId)) throw forbidden();
      const written = stored.writes();
      try {
        let file: Awaited<ReturnType<typeof storeFile>> | null = null;
        for await (const part of parts) {
          if (part.type !== 'file' || part.fieldname.replace(/\[\]$/, '') !== 'file' || file) {
            throw badRequest(part.fieldname, 'Send one `file`');
          }
          file = await storeFile(current.servicePartnerId, part.file, part.filename, written);
        }
        if (!file) throw badRequest('file', 'Choose a file');
        const stored = file;
        const at = now();
        await repo.transaction(async (tx) => {
          if (!(await repo.lock(scope, id, tx))) throw notFound(DOCUMENT);
          const number = await repo.nextVersionNumber(id, tx);
          await repo.addVersion(versionValues(id, number, stored, actor.id, at), tx, true);
          await written.commit(tx, at);
        });
        await queueText([{ versionId: stored.versionId, type: stored.type }], current.servicePartnerId);
      } catch (err) {
        await written.discard();
        throw err;
      }
      return service.get(scope, actor, id);
    },

    async update(scope: TenantScope, actor: Actor, id: string, input: DocumentUpdateInput) {
      const current = await getRow(scope, id);
      if (!canManage(actor, current.servicePartnerId)) throw forbidden();
      const { version, ...rest } = input;
      const values = documentMetadataSchema.parse(rest);
      if (current.version !== version) throw versionConflict();
      if (!(await repo.updateIfVersion(id, version, values, now()))) throw versionConflict();
      return service.get(scope, actor, id);
    },

    /** Deletes the document and every version; the files go with the clean-up job. */
    async remove(scope: TenantScope, actor: Actor, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await repo.lock(scope, id, tx);
        if (!row) throw notFound(DOCUMENT);
        if (!canManage(actor, row.servicePartnerId)) throw forbidden();
        await repo.delete(id, tx);
      });
    },

    /** A version's file (the current one by default), counted as an open by the caller's partner. */
    async openFile(
      scope: TenantScope,
      actor: Actor,
      id: string,
      versionNumber: number | undefined,
    ): Promise<{ stream: Readable; mimeType: string; fileName: string; bytes: number }> {
      const row = await getRow(scope, id);
      const version = versionNumber === undefined ? row.current : await repo.version(id, versionNumber);
      if (!version) throw notFound('Document version');
      const stream = await stored.get(version.fileKey);
      if (!stream) throw notFound(DOCUMENT);
      // Opens count per partner: a global administrator acting for none is not counted.
      if (actsForPartner(scope)) await repo.recordOpen(id, scope.partnerId, actor.id, now());
      return { stream, mimeType: version.mimeType, fileName: version.fileName, bytes: version.bytes };
    },

    /**
     * The extraction job's work: reads a stored PDF version and stores its text, which feeds the
     * document's search vector while the version is current. A PDF that cannot be read is marked
     * failed (retrying would not help); a missing file or storage error throws (the job retries).
     */
    async extractText(versionId: string): Promise<'done' | 'failed' | 'skipped'> {
      const row = await repo.versionForExtraction(versionId);
      if (!row || row.mimeType !== 'application/pdf') return 'skipped';
      const stream = await stored.get(row.fileKey);
      if (!stream) throw new Error(`document file ${row.fileKey} is missing`);
      const data = await readAll(stream);
      let text: string;
      try {
        text = await extractPdfText(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      } catch (err) {
        deps.log?.warn({ err, versionId }, 'PDF text could not be extracted');
        await repo.saveText(versionId, 'failed', null);
        return 'failed';
      }
      await repo.saveText(versionId, 'done', text);
      return 'done';
    },
  };
  return service;
}

function versionValues(
  documentId: string,
  number: number,
  f: { versionId: string; key: string; type: string; bytes: number; fileName: string },
  uploadedBy: string | null,
  at: Date,
): NewVersion {
  return {
    id: f.versionId,
    documentId,
    number,
    fileKey: f.key,
    fileName: f.fileName,
    mimeType: f.type,
    bytes: f.bytes,
    uploadedBy,
    uploadedAt: at,
    textStatus: f.type === 'application/pdf' ? 'pending' : 'none',
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
