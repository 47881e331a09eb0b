import { z } from 'zod';
import { strictNumber } from './validation.ts';
import { LIMITS } from './limits.ts';

/**
 * The result types the server answers (spec §2 "Global search bar": "Server result types map:
 * ServiceOrder to order, Customer to customer, Product to toilet, Technician to technician,
 * Document to document"). They are the spec's own names, not lower snake case: the spec fixes them.
 */
export const SEARCH_RESULT_TYPES = ['ServiceOrder', 'Customer', 'Product', 'Technician', 'Document'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** What the web app calls each type, and where picking it leads. */
export const SEARCH_KINDS = ['order', 'customer', 'toilet', 'technician', 'document'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const KIND_OF: Record<SearchResultType, SearchKind> = {
  ServiceOrder: 'order',
  Customer: 'customer',
  Product: 'toilet',
  Technician: 'technician',
  Document: 'document',
};

/** Spec: "any other to document". */
export function searchKindOf(type: string): SearchKind {
  return (KIND_OF as Record<string, SearchKind | undefined>)[type] ?? 'document';
}

/** Where picking a result navigates (spec §2). */
export function searchResultPath(kind: SearchKind, id: string): string {
  const safe = encodeURIComponent(id);
  switch (kind) {
    case 'order':
      return `/service-orders/${safe}`;
    case 'customer':
      return `/customers/${safe}`;
    case 'toilet':
      return `/toilets/${safe}`;
    case 'technician':
      return `/technicians/${safe}`;
    case 'document':
      return `/documents/${safe}`;
  }
}

const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * POST /search/global (body) and GET /search/global (query string): spec §7. At least 2
 * characters (§5); `maxResultsPerType` defaults to 8, or 5 in suggestion ("simple") mode (§9).
 */
export const globalSearchQuerySchema = z.object({
  query: z.string().trim().min(LIMITS.searchMinChars).max(100),
  maxResultsPerType: strictNumber(z.number().int().min(1).max(50)).optional(),
  isSuggestionMode: booleanish.optional(),
});
export type GlobalSearchQuery = z.output<typeof globalSearchQuerySchema>;

/** How many results of each type a search answers (spec §9: 8, or 5 in simple mode). */
export function resultsPerType(q: Pick<GlobalSearchQuery, 'maxResultsPerType' | 'isSuggestionMode'>): number {
  return (
    q.maxResultsPerType ??
    (q.isSuggestionMode ? LIMITS.searchResultsPerTypeSimple : LIMITS.searchResultsPerType)
  );
}

/** Spec §3 "Search suggestion": id, name, type, subtitle. */
export const searchSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().describe(`One of ${SEARCH_RESULT_TYPES.join(', ')}`),
  subtitle: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** Spec §3: "result wrapper holds a results list". */
export const globalSearchResponseSchema = z.object({ results: z.array(searchSuggestionSchema) });
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;

/** The order of the types in the answer and on the "Search all" page. */
export const SEARCH_TYPE_ORDER: readonly SearchResultType[] = SEARCH_RESULT_TYPES;

/**
 * What one feature's search answers (each feature offers `searchHits(scope, text, limit)`; the search
 * feature asks them all). `exact`: the text is one of the record's keys as a whole (order number,
 * serial number, phone, e-mail); exact hits come first.
 */
export interface SearchHit {
  id: string;
  name: string;
  subtitle: string | null;
  exact: boolean;
}
