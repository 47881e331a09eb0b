import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricingConfigSchema } from '@service-portal/shared/pricing';
import type { PricingConfig } from '@service-portal/shared/pricing';
import { apiClient } from '../../../lib/api-client.ts';
import { toApiFailure } from '../../../lib/api-errors.ts';

export async function getPricing(signal?: AbortSignal): Promise<PricingConfig> {
  const response = await apiClient.get<unknown>('/pricing', { signal });
  return pricingConfigSchema.parse(response.data);
}

export const pricingKey = ['pricing'] as const;

export function pricingQueryOptions() {
  return queryOptions({
    queryKey: [...pricingKey, 'config'] as const,
    queryFn: ({ signal }) => getPricing(signal),
    // 400/403 (no partner) stay as they are; only transport trouble is worth a second try.
    retry: (failureCount, error) => {
      const failure = toApiFailure(error);
      return failure.kind === 'network' || (failure.kind === 'http' && failure.status >= 500)
        ? failureCount < 1
        : false;
    },
  });
}

export function usePricing() {
  return useQuery(pricingQueryOptions());
}

/** Why pricing cannot be shown at all: no partner (403) or a global admin with none picked (400). */
export function pricingPartnerProblem(error: unknown): 'no_service_partner' | 'partner_required' | null {
  const failure = toApiFailure(error);
  if (failure.kind !== 'http') return null;
  const code = failure.problem?.code;
  if (code === 'no_service_partner' || code === 'user_not_configured') return 'no_service_partner';
  if (code === 'partner_required') return 'partner_required';
  return null;
}
