import {
  priceToMinor,
  productStatusOf,
  productTypeOf,
  type SyncMode,
  type SyncStatus,
} from '@service-portal/shared/products';
import type { ShopConnection } from '@service-portal/shared/shop-connection';
import type { FastifyBaseLogger } from 'fastify';
import { errorText } from '../../lib/jobs/runner.ts';
import type { ProductsRepository } from './products.repository.ts';
import type { ProductUpsert, SyncRunRow } from './products.sync.repository.ts';
import { syncRunDto } from './products.service.ts';

/** A product as the shop's Admin GraphQL answers it (CONTRACTS.md "Shop client"). */
export interface ShopProduct {
  id: string;
  title: string;
  handle: string;
  /** Shopify's ProductStatus as it came (ACTIVE, ARCHIVED, DRAFT, UNLISTED, or a newer one). */
  status: string;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  updatedAt: string;
  image: { url: string; altText: string | null } | null;
  variants: {
    id: string;
    sku: string | null;
    price: string;
    barcode: string | null;
    inventoryQuantity: number | null;
  }[];
}

/** The part of the shop client the sync reads (the one ShopClient app.ts builds fits it). */
export interface ProductSource {
  products(args: { first?: number; after?: string | null; updatedAfter?: string | null }): Promise<{
    nodes: ShopProduct[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  }>;
}

/** Overlap of an incremental run's `updated_at:>` with the last one (clock skew, same-second writes). */
export const WATERMARK_OVERLAP_MS = 60_000;
/** A scheduled run is a full one when the last successful full run is older than this. */
export const FULL_SYNC_EVERY_MS = 24 * 60 * 60_000;
export const SYNC_PAGE_SIZE = 250;

export function toUpsert(p: ShopProduct): ProductUpsert {
  const variants = p.variants.map((v) => ({
    shopifyId: v.id,
    sku: v.sku || null,
    barcode: v.barcode || null,
    priceMinor: priceToMinor(v.price),
    currency: 'NOK',
    inventoryQuantity: v.inventoryQuantity,
  }));
  const searchText = [p.title, p.vendor, p.handle, ...variants.flatMap((v) => [v.sku, v.barcode])]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return {
    shopifyId: p.id,
    title: p.title,
    handle: p.handle,
    status: productStatusOf(p.status),
    vendor: p.vendor || null,
    productType: p.productType || null,
    type: productTypeOf(p.productType),
    tags: p.tags,
    imageUrl: p.image?.url ?? null,
    imageAlt: p.image?.altText ?? null,
    searchText,
    shopUpdatedAt: new Date(p.updatedAt),
    variants,
  };
}

export type SyncOutcome = 'succeeded' | 'interrupted';

export interface SyncHooks {
  /** Tests: called after each page is committed (throw or abort to simulate a crash). */
  afterPage?: (run: SyncRunRow, page: number) => void | Promise<void>;
}

/**
 * The catalogue sync (docs/decisions/024-catalogue-sync.md). One run at a time (a partial unique
 * index on running runs); each page is upserted in one transaction together with the run's cursor
 * and counts, so a run stopped anywhere resumes at its last page.
 */
export function createProductSync(deps: {
  repo: ProductsRepository;
  source: ProductSource | null;
  pageSize?: number;
  now?: () => Date;
  /** The shop's token state, shown with the sync's status (null without a shop). */
  connection?: (() => Promise<ShopConnection>) | null;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const pageSize = deps.pageSize ?? SYNC_PAGE_SIZE;

  /** The run to start for `mode` ('auto': full once a day or when never synced, else incremental). */
  async function plan(mode: SyncMode | 'auto') {
    const lastFull = await repo.lastSucceeded('full');
    const last = await repo.lastSucceeded();
    let chosen: SyncMode = mode === 'auto' ? 'incremental' : mode;
    if (
      mode === 'auto' &&
      (!lastFull?.finishedAt || now().getTime() - lastFull.finishedAt.getTime() > FULL_SYNC_EVERY_MS)
    ) {
      chosen = 'full';
    }
    if (chosen === 'incremental' && !last?.watermark) chosen = 'full';
    const updatedAfter =
      chosen === 'incremental' && last?.watermark
        ? new Date(last.watermark.getTime() - WATERMARK_OVERLAP_MS)
        : null;
    const live = await repo.liveCount();
    return {
      mode: chosen,
      updatedAfter,
      watermark: last?.watermark ?? null,
      expectedTotal: chosen === 'full' && live > 0 ? live : null,
    };
  }

  return {
    /** Starts a run (or answers the one already running) without running it. */
    async start(mode: SyncMode | 'auto', trigger: string) {
      const running = await repo.runningRun();
      if (running) return { run: running, created: false };
      return repo.startRun({ ...(await plan(mode)), trigger });
    },

    /**
     * Runs the unfinished run (resuming from its cursor) or a new one. Stops between pages when
     * `signal` aborts (the run stays running and resumes next time).
     */
    async run(
      opts: {
        mode?: SyncMode | 'auto';
        trigger?: string;
        signal?: AbortSignal;
        log?: FastifyBaseLogger;
        finalAttempt?: boolean;
      },
      hooks: SyncHooks = {},
    ): Promise<{ outcome: SyncOutcome; run: SyncRunRow }> {
      const source = deps.source;
      if (!source) throw new Error('no shop is configured');
      const { run: started } = await this.start(opts.mode ?? 'auto', opts.trigger ?? 'schedule');
      let run = started;
      let cursor = run.cursor;
      let counts = { pages: run.pages, seen: run.seen, created: run.created, updated: run.updated };
      let watermark = run.watermark;
      try {
        for (;;) {
          if (opts.signal?.aborted) return { outcome: 'interrupted', run };
          const page = await source.products({
            first: pageSize,
            after: cursor,
            updatedAfter: run.updatedAfter ? run.updatedAfter.toISOString() : null,
          });
          const items = page.nodes.map(toUpsert);
          const runId = run.id;
          const isFull = run.mode === 'full';
          counts = await repo.transaction(async (tx) => {
            const stored = await repo.storedVersions(
              items.map((i) => i.shopifyId),
              tx,
            );
            let created = 0;
            let updated = 0;
            for (const item of items) {
              const had = stored.get(item.shopifyId);
              if (!had) created++;
              else if (had.deleted || had.shopUpdatedAt.getTime() < item.shopUpdatedAt.getTime()) updated++;
            }
            await repo.upsertProducts(items, tx, isFull ? runId : null);
            for (const item of items) {
              if (!watermark || item.shopUpdatedAt > watermark) watermark = item.shopUpdatedAt;
            }
            const next = {
              pages: counts.pages + 1,
              seen: counts.seen + items.length,
              created: counts.created + created,
              updated: counts.updated + updated,
            };
            await repo.saveProgress(runId, { ...next, cursor: page.pageInfo.endCursor, watermark }, tx);
            return next;
          });
          cursor = page.pageInfo.endCursor;
          run = { ...run, ...counts, cursor, watermark };
          await hooks.afterPage?.(run, counts.pages);
          if (!page.pageInfo.hasNextPage || !cursor) break;
        }
        await repo.transaction(async (tx) => {
          const deleted = run.mode === 'full' ? await repo.deleteUnseen(run.id, run.startedAt, tx) : 0;
          await repo.saveProgress(run.id, { deleted }, tx);
          await repo.finishRun(run.id, 'succeeded', tx);
          run = { ...run, deleted, status: 'succeeded', finishedAt: now() };
        });
        opts.log?.info({ runId: run.id, ...counts, deleted: run.deleted }, 'product sync finished');
        return { outcome: 'succeeded', run };
      } catch (err) {
        if (opts.signal?.aborted) return { outcome: 'interrupted', run };
        await repo.addRunError(run.id, { at: now().toISOString(), message: errorText(err).slice(0, 500) });
        // A retry resumes the same run from its cursor; after the last attempt it is failed. A shop
        // refusing every token (ShopError 'revoked', after a renewal) ends it now: a retry would not help.
        const refused = (err as { kind?: unknown } | null)?.kind === 'revoked';
        if ((opts.finalAttempt ?? true) || refused) await repo.finishRun(run.id, 'failed');
        throw err;
      }
    },

    async status(): Promise<SyncStatus> {
      const [running, lastOk, lastRun, productCount, shop] = await Promise.all([
        repo.runningRun(),
        repo.lastSucceeded(),
        repo.lastRun(),
        repo.liveCount(),
        deps.connection ? deps.connection() : null,
      ]);
      return {
        running: running ? syncRunDto(running) : null,
        lastSuccessAt: lastOk?.finishedAt ? lastOk.finishedAt.toISOString() : null,
        lastRun: lastRun ? syncRunDto(lastRun) : null,
        productCount,
        shop,
      };
    },

    async runs(page: number, pageSize: number) {
      const { items, total } = await repo.listRuns(page, pageSize);
      return { items: items.map(syncRunDto), total, page, pageSize };
    },
  };
}

export type ProductSync = ReturnType<typeof createProductSync>;
