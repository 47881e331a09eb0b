import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricingConfigSchema } from '@service-portal/shared/pricing';
import type { PricingConfig } from '@service-portal/shared/pricing';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * The partner's pricing, for the live cost preview of open logs. Only managers may read it; for
 * anyone else the panel shows the server's `estimate` instead. Same key as the pricing screen's
 * query, so a price change there refreshes the preview here.
 */
export async function getCostPricing(signal?: AbortSignal): Promise<PricingConfig> {
  const response = await apiClient.get<unknown>('/pricing', { signal });
  return pricingConfigSchema.parse(response.data);
}

export function costPricingQueryOptions() {
  return queryOptions({
    queryKey: ['pricing', 'config'] as const,
    queryFn: ({ signal }) => getCostPricing(signal),
    retry: false,
  });
}

export function useCostPricing(enabled: boolean) {
  return useQuery({ ...costPricingQueryOptions(), enabled });
}
