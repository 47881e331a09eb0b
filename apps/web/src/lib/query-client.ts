import { QueryClient } from '@tanstack/react-query';
import type { DefaultOptions } from '@tanstack/react-query';
import { LIMITS } from '@service-portal/shared/limits';

/** Spec §7 cache defaults: fresh 5 min, kept 10 min, queries retry once, mutations never. */
export const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: LIMITS.queryStaleMs,
    gcTime: LIMITS.queryGcMs,
    retry: LIMITS.queryRetry,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: LIMITS.mutationRetry,
  },
};

export function createQueryClient(overrides?: DefaultOptions): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...queryDefaults.queries, ...overrides?.queries },
      mutations: { ...queryDefaults.mutations, ...overrides?.mutations },
    },
  });
}
