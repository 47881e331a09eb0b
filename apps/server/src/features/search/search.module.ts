import type { FeatureModule } from '../../feature-module.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService, type SearchSource } from './search.service.ts';

/** The top bar's search: asks every feature that offers a search source (its module's `search`). */
export function searchModule(needs: { sources: readonly SearchSource[] }) {
  return {
    routes: [searchRoutes(createSearchService(needs.sources))],
    offers: {},
  } satisfies FeatureModule;
}
