import {
  resultsPerType,
  SEARCH_TYPE_ORDER,
  type GlobalSearchQuery,
  type GlobalSearchResponse,
  type SearchHit,
  type SearchResultType,
} from '@service-portal/shared/search';
import type { TenantScope } from '../../db/tenant.ts';

/**
 * One feature's contribution to the global search. Each feature offers `searchHits(scope, text,
 * limit)`; its module offers it as `search` with the result type it answers as, and app.ts hands
 * the sources to the search module.
 */
export interface SearchSource {
  type: SearchResultType;
  search(scope: TenantScope, text: string, limit: number): Promise<SearchHit[]>;
}

/**
 * Spec §2 "Global search bar", §7 Search: the partner's orders, customers, technicians (and
 * whatever else offers a source), up to `maxResultsPerType` of each. Exact matches (order number,
 * serial number, phone, e-mail) come first across all types; then the types in a fixed order
 * (orders, customers, products, technicians, documents), each in its source's own order.
 */
export function createSearchService(sources: readonly SearchSource[]) {
  const ordered = [...sources].sort(
    (a, b) => SEARCH_TYPE_ORDER.indexOf(a.type) - SEARCH_TYPE_ORDER.indexOf(b.type),
  );
  return {
    async global(scope: TenantScope, query: GlobalSearchQuery): Promise<GlobalSearchResponse> {
      // In parallel on PostgreSQL's pool (PGlite runs them one after another).
      const limit = resultsPerType(query);
      const perType = await Promise.all(
        ordered.map(async (source) => ({
          type: source.type,
          hits: (await source.search(scope, query.query, limit)).slice(0, limit),
        })),
      );
      const tagged = perType.flatMap(({ type, hits }) => hits.map((hit) => ({ type, hit })));
      const ranked = [...tagged.filter((t) => t.hit.exact), ...tagged.filter((t) => !t.hit.exact)];
      return {
        results: ranked.map(({ type, hit }) => ({
          id: hit.id,
          name: hit.name,
          type,
          subtitle: hit.subtitle,
        })),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
