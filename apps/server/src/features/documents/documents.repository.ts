import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentCategory, DocumentListQuery } from '@service-portal/shared/documents';
import type { Db } from '../../db/client.ts';
import { documentOpens, documents, documentVersions } from '../../db/schema/documents.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { users } from '../../db/schema/users.ts';
import type { TenantScope } from '../../db/tenant.ts';

const d = documents;
const v = documentVersions;

/** Highlight markers of ts_headline: control characters, which stored texts never hold. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';
const HEADLINE_TITLE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
/** The snippet's window: from this many characters before the first word's first occurrence… */
const SNIPPET_LEAD = 300;
/** …this many characters long. */
const SNIPPET_WINDOW = 3000;
const HEADLINE_TEXT = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "`;

/**
 * What a partner sees: the maker's documents (no partner) and its own. Every read of this
 * repository goes through it, as `scoped()` does for data only a partner owns.
 */
export function visibleTo(scope: TenantScope, ...conditions: (SQL | undefined)[]): SQL {
  return and(or(isNull(d.servicePartnerId), eq(d.servicePartnerId, scope.partnerId)), ...conditions) as SQL;
}

export interface VersionRow {
  id: string;
  documentId: string;
  number: number;
  fileKey: string;
  fileName: string;
  mimeType: string;
  bytes: number;
  uploadedById: string | null;
  uploadedByName: string | null;
  uploadedAt: Date;
  textStatus: 'pending' | 'done' | 'none' | 'failed';
}

export interface DocumentRow {
  id: string;
  servicePartnerId: string | null;
  title: string;
  description: string | null;
  category: DocumentCategory;
  sku: string | null;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  version: number;
  current: VersionRow;
}

export interface SearchMatch {
  rank: number;
  titleMarked: string;
  snippetMarked: string | null;
}

const versionColumns = {
  id: v.id,
  documentId: v.documentId,
  number: v.number,
  fileKey: v.fileKey,
  fileName: v.fileName,
  mimeType: v.mimeType,
  bytes: v.bytes,
  uploadedById: v.uploadedBy,
  uploadedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  uploadedAt: v.uploadedAt,
  textStatus: v.textStatus,
};

const documentColumns = {
  id: d.id,
  servicePartnerId: d.servicePartnerId,
  title: d.title,
  description: d.description,
  category: d.category,
  sku: d.sku,
  tags: d.tags,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  version: d.version,
};

const selection = { ...documentColumns, current: versionColumns };

function toRow<T extends { current: Omit<VersionRow, 'bytes'> & { bytes: number | string } }>(
  row: T,
): Omit<T, 'current'> & { current: VersionRow } {
  return { ...row, current: { ...row.current, bytes: Number(row.current.bytes) } };
}

/**
 * A prefix query of every word ('simple' configuration): `heat:* & element:*`. PostgreSQL's parser
 * reads the "-200" of "AH-200" as a signed integer (lexeme `-200`), so a word of digits asks for
 * both forms: `ah:* & (200:* | -200:*)`.
 */
export function tsQuery(terms: string[]): SQL {
  const words = terms.map((t) => (/^[0-9]+$/.test(t) ? `(${t}:* | -${t}:*)` : `${t}:*`));
  return sql`to_tsquery('simple', ${words.join(' & ')})`;
}

export interface NewDocument {
  id: string;
  servicePartnerId: string | null;
  title: string;
  description: string | null;
  category: DocumentCategory;
  sku: string | null;
  tags: string[];
  createdBy: string | null;
}

export interface NewVersion {
  id: string;
  documentId: string;
  number: number;
  fileKey: string;
  fileName: string;
  mimeType: string;
  bytes: number;
  uploadedBy: string | null;
  uploadedAt: Date;
  textStatus: VersionRow['textStatus'];
}

/** The only Drizzle code of the info center. */
export function createDocumentsRepository(db: Db) {
  function base(tx: Db = db) {
    return tx
      .select(selection)
      .from(d)
      .innerJoin(v, eq(v.id, d.currentVersionId))
      .leftJoin(users, eq(users.id, v.uploadedBy));
  }

  /** The list's conditions but visibility (`filters` adds it). */
  function conditions(scope: TenantScope, q: DocumentListQuery, terms: string[]): (SQL | undefined)[] {
    return [
      q.category ? eq(d.category, q.category) : undefined,
      q.scope === 'maker'
        ? isNull(d.servicePartnerId)
        : q.scope === 'partner'
          ? eq(d.servicePartnerId, scope.partnerId)
          : undefined,
      q.tag ? sql`${q.tag} = any(${d.tags})` : undefined,
      q.sku ? sql`upper(${d.sku}) = upper(${q.sku})` : undefined,
      terms.length > 0 ? sql`${d.searchVector} @@ ${tsQuery(terms)}` : undefined,
    ];
  }

  function filters(scope: TenantScope, q: DocumentListQuery, terms: string[]): SQL {
    return visibleTo(scope, ...conditions(scope, q, terms));
  }

  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    /** A page of documents: ranked with the match marked when searching, else newest first. */
    async list(
      scope: TenantScope,
      q: DocumentListQuery,
      terms: string[],
    ): Promise<{ items: (DocumentRow & { match: SearchMatch | null })[]; total: number }> {
      const where = filters(scope, q, terms);
      const count$ = async (w: SQL) => (await db.select({ n: count() }).from(d).where(w))[0]?.n ?? 0;
      const offset = (q.page - 1) * q.pageSize;
      if (terms.length === 0) {
        const [total, rows] = await Promise.all([
          count$(where),
          base().where(where).orderBy(desc(d.updatedAt), asc(d.id)).limit(q.pageSize).offset(offset),
        ]);
        return { items: rows.map((r) => ({ ...toRow(r), match: null })), total };
      }
      const query = tsQuery(terms);
      const rank = sql<number>`ts_rank(${d.rankVector}, ${query})`;
      // The page's ids and the total from the GIN index alone: a sequential scan (which the
      // planner prefers when a word is in most documents) reads every document's whole text
      // vector out of TOAST to match it, ≈ 40 µs a document. Visibility is written so that no
      // other index competes with the GIN one (bench/README.md, "New screens").
      const page = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // The matches ranked in a subquery of their own, which a limit keeps the planner from
        // merging into the outer query (drizzle leaves out an `offset 0`): else the total's window
        // kept every match's whole row, rank vector included, to rank it after counting, and
        // spilled to disk past ≈ 5,000 matches (bench/README.md, item 4).
        const matches = tx
          .select({ id: d.id, updatedAt: d.updatedAt, rank: rank.as('rank') })
          .from(d)
          .where(
            and(
              // visibleTo's, said so that the partner index cannot serve it.
              sql`coalesce(${d.servicePartnerId}, ${scope.partnerId}) = ${scope.partnerId}`,
              ...conditions(scope, q, terms),
            ),
          )
          .limit(Number.MAX_SAFE_INTEGER)
          .as('matches');
        return tx
          .select({ id: matches.id, rank: matches.rank, total: sql<number>`count(*) over ()` })
          .from(matches)
          .orderBy(desc(matches.rank), desc(matches.updatedAt), asc(matches.id))
          .limit(q.pageSize)
          .offset(offset);
      });
      const total = page.length > 0 ? Number(page[0]!.total) : offset > 0 ? await count$(where) : 0;
      if (page.length === 0) return { items: [], total };
      // ts_headline parses all the text it is given: the snippet is drawn from a window around
      // the first word's first occurrence, not from up to 400,000 characters.
      const body = sql`coalesce(${d.description}, '') || E'\n' || coalesce(${d.extractedText}, '')`;
      const at = sql`greatest(1, strpos(lower(${body}), ${terms[0]!}) - ${SNIPPET_LEAD})`;
      const rows = await db
        .select({
          ...selection,
          titleMarked: sql<string>`ts_headline('simple', ${d.title}, ${query}, ${HEADLINE_TITLE})`,
          snippetMarked: sql<string>`ts_headline('simple', substr(${body}, ${at}, ${SNIPPET_WINDOW}), ${query}, ${HEADLINE_TEXT})`,
        })
        .from(d)
        .innerJoin(v, eq(v.id, d.currentVersionId))
        .leftJoin(users, eq(users.id, v.uploadedBy))
        .where(
          inArray(
            d.id,
            page.map((p) => p.id),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        items: page.flatMap(({ id, rank: r }) => {
          const row = byId.get(id);
          if (!row) return [];
          const { titleMarked, snippetMarked, ...rest } = row;
          return [
            {
              ...toRow(rest),
              match: {
                rank: Number(r),
                titleMarked,
                snippetMarked: snippetMarked.includes(MARK_START) ? snippetMarked : null,
              },
            },
          ];
        }),
        total,
      };
    },

    /** The global search: title, SKU, tags, description and text, best first. */
    async searchHits(scope: TenantScope, terms: string[], limit: number) {
      const query = tsQuery(terms);
      return db
        .select({ id: d.id, title: d.title, sku: d.sku, category: d.category })
        .from(d)
        .where(visibleTo(scope, sql`${d.searchVector} @@ ${query}`))
        .orderBy(desc(sql`ts_rank(${d.searchVector}, ${query})`), desc(d.updatedAt))
        .limit(limit);
    },

    async get(scope: TenantScope, id: string, tx: Db = db): Promise<DocumentRow | null> {
      const rows = await base(tx)
        .where(visibleTo(scope, eq(d.id, id)))
        .limit(1);
      return rows[0] ? toRow(rows[0]) : null;
    },

    async versions(documentId: string): Promise<VersionRow[]> {
      const rows = await db
        .select(versionColumns)
        .from(v)
        .leftJoin(users, eq(users.id, v.uploadedBy))
        .where(eq(v.documentId, documentId))
        .orderBy(desc(v.number));
      return rows.map((r) => ({ ...r, bytes: Number(r.bytes) }));
    },

    async version(documentId: string, number: number): Promise<VersionRow | null> {
      const rows = await db
        .select(versionColumns)
        .from(v)
        .leftJoin(users, eq(users.id, v.uploadedBy))
        .where(and(eq(v.documentId, documentId), eq(v.number, number)))
        .limit(1);
      return rows[0] ? { ...rows[0], bytes: Number(rows[0].bytes) } : null;
    },

    /** The document's row lock (replace and delete serialise on it); its owner, or null if unseen. */
    async lock(scope: TenantScope, id: string, tx: Db) {
      const rows = await tx
        .select({ id: d.id, servicePartnerId: d.servicePartnerId, version: d.version })
        .from(d)
        .where(visibleTo(scope, eq(d.id, id)))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    async nextVersionNumber(documentId: string, tx: Db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(${v.number}), 0)` })
        .from(v)
        .where(eq(v.documentId, documentId));
      return Number(row?.n ?? 0) + 1;
    },

    async insertDocument(doc: NewDocument, tx: Db): Promise<void> {
      await tx.insert(d).values(doc);
    },

    /** Adds a version and makes it current (its text replaces the document's once extracted). */
    /** `replacing`: a new file for an existing document (its row version goes up). */
    async addVersion(values: NewVersion, tx: Db, replacing: boolean): Promise<void> {
      await tx.insert(v).values(values);
      await tx
        .update(d)
        .set({
          currentVersionId: values.id,
          extractedText: null,
          updatedAt: values.uploadedAt,
          ...(replacing ? { version: sql`${d.version} + 1` } : {}),
        })
        .where(eq(d.id, values.documentId));
    },

    async updateIfVersion(
      id: string,
      version: number,
      values: Pick<NewDocument, 'title' | 'description' | 'category' | 'sku' | 'tags'>,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(d)
        .set({ ...values, updatedAt: now, version: sql`${d.version} + 1` })
        .where(and(eq(d.id, id), eq(d.version, version)))
        .returning({ id: d.id });
      return rows.length > 0;
    },

    async delete(id: string, tx: Db): Promise<void> {
      await tx.delete(d).where(eq(d.id, id));
    },

    /** For the extraction job: a version's file, and whether it is its document's current one. */
    async versionForExtraction(versionId: string) {
      const rows = await db
        .select({
          id: v.id,
          documentId: v.documentId,
          fileKey: v.fileKey,
          mimeType: v.mimeType,
          textStatus: v.textStatus,
          currentVersionId: d.currentVersionId,
        })
        .from(v)
        .innerJoin(d, eq(d.id, v.documentId))
        .where(eq(v.id, versionId))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Stores a version's text; the document's too (and so its search vector) while it is current.
     * The document's row is locked first, as a replacement and a deletion lock it: a deletion's
     * cascade to the versions then never waits on a version this holds while this waits on the
     * document (a deadlock, answered 503, when a document was deleted as its text was stored).
     */
    async saveText(versionId: string, status: 'done' | 'failed', text: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .select({ id: d.id })
          .from(d)
          .where(eq(d.id, tx.select({ documentId: v.documentId }).from(v).where(eq(v.id, versionId))))
          .for('update');
        const [row] = await tx
          .update(v)
          .set({ textStatus: status, extractedText: text })
          .where(eq(v.id, versionId))
          .returning({ documentId: v.documentId });
        if (!row) return;
        await tx
          .update(d)
          .set({ extractedText: text })
          .where(and(eq(d.id, row.documentId), eq(d.currentVersionId, versionId)));
      });
    },

    async recordOpen(documentId: string, partnerId: string, userId: string | null, at: Date): Promise<void> {
      await db
        .insert(documentOpens)
        .values({ documentId, servicePartnerId: partnerId, userId, openedAt: at });
    },

    /** Opens by the partner's people since the start of the month in the partner's time zone. */
    async opensThisMonth(scope: TenantScope, documentId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(documentOpens)
        .where(
          and(
            eq(documentOpens.servicePartnerId, scope.partnerId),
            eq(documentOpens.documentId, documentId),
            sql`${documentOpens.openedAt} >= ${monthStart(scope, now)}`,
          ),
        );
      return row?.n ?? 0;
    },

    async stats(scope: TenantScope, now: Date) {
      const perCategory = await db
        .select({ category: d.category, count: count() })
        .from(d)
        .where(visibleTo(scope))
        .groupBy(d.category);
      const [size] = await db
        .select({ total: count(), bytes: sql<string | null>`sum(${v.bytes})` })
        .from(d)
        .innerJoin(v, eq(v.id, d.currentVersionId))
        .where(visibleTo(scope));
      const opens = count(documentOpens.id);
      const mostOpened = await db
        .select({ id: d.id, title: d.title, opens })
        .from(documentOpens)
        .innerJoin(d, eq(d.id, documentOpens.documentId))
        .where(
          visibleTo(
            scope,
            eq(documentOpens.servicePartnerId, scope.partnerId),
            sql`${documentOpens.openedAt} >= ${monthStart(scope, now)}`,
          ),
        )
        .groupBy(d.id, d.title)
        .orderBy(desc(opens), asc(d.title))
        .limit(5);
      const tag = sql<string>`t.tag`;
      const tags = await db
        .select({ tag, count: sql<number>`count(*)::int` })
        .from(sql`${d} cross join lateral unnest(${d.tags}) as t(tag)`)
        .where(visibleTo(scope))
        .groupBy(tag)
        .orderBy(desc(sql`count(*)`), asc(tag))
        .limit(30);
      return {
        total: size?.total ?? 0,
        totalBytes: Number(size?.bytes ?? 0),
        perCategory,
        mostOpened,
        tags: tags.map((t) => ({ tag: t.tag, count: Number(t.count) })),
      };
    },
  };
}

/** The first instant of this month in the partner's time zone. */
function monthStart(scope: TenantScope, now: Date): SQL {
  const tz = sql`(select ${servicePartners.timeZone} from ${servicePartners} where ${servicePartners.id} = ${scope.partnerId})`;
  return sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz})`;
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
