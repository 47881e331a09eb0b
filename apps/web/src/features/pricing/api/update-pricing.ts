import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingConfigSchema } from '@service-portal/shared/pricing';
import type { PricingConfig, PricingConfigUpdateInput } from '@service-portal/shared/pricing';
import { apiClient } from '../../../lib/api-client.ts';
import { pricingQueryOptions } from './get-pricing.ts';

/** `version` is the one last read: 0 while the defaults show (409 `version_conflict` when stale). */
export async function updatePricing(body: PricingConfigUpdateInput): Promise<PricingConfig> {
  const response = await apiClient.put<unknown>('/pricing', body);
  return pricingConfigSchema.parse(response.data);
}

export function useUpdatePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePricing,
    onSuccess: (config) => {
      queryClient.setQueryData(pricingQueryOptions().queryKey, config);
    },
  });
}
