import type {
  SparePartWorklistFilter,
  SparePartWorklistItem,
  SparePartWorklistQuery,
  SparePartWorklistSummary,
} from '@service-portal/shared/spare-parts';
import type { TenantScope } from '../../db/tenant.ts';
import type { SparePartsRepository } from './spare-parts.repository.ts';

const iso = (d: Date) => d.toISOString();
const collator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * One entry per supplier ignoring case, since the filter ignores case: the spelling on the most
 * lines wins. Sorted here rather than in SQL, so the order does not depend on the database's collation.
 */
export function supplierChoices(rows: { supplier: string; lines: number }[]): string[] {
  const best = new Map<string, { supplier: string; lines: number }>();
  for (const row of rows) {
    const key = row.supplier.toLowerCase();
    const seen = best.get(key);
    if (!seen || row.lines > seen.lines || (row.lines === seen.lines && row.supplier < seen.supplier)) {
      best.set(key, row);
    }
  }
  return [...best.values()].map((r) => r.supplier).sort((a, b) => collator.compare(a, b) || (a < b ? -1 : 1));
}

/** The Spare Parts List: every line of the partner's open orders (read only; see the repository). */
export function createSparePartsService(repo: SparePartsRepository) {
  return {
    async list(scope: TenantScope, query: SparePartWorklistQuery) {
      const { items, total } = await repo.list(scope, query);
      return {
        items: items.map((r): SparePartWorklistItem => ({
          ...r,
          createdAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
          orderCreatedAt: iso(r.orderCreatedAt),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async summary(scope: TenantScope, filter: SparePartWorklistFilter): Promise<SparePartWorklistSummary> {
      const [totals, suppliers] = await Promise.all([repo.totals(scope, filter), repo.suppliers(scope)]);
      return {
        lineCount: totals.reduce((n, t) => n + t.lineCount, 0),
        totals,
        suppliers: supplierChoices(suppliers),
      };
    },
  };
}

export type SparePartsService = ReturnType<typeof createSparePartsService>;
