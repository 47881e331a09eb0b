import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { rentalProductPricingSchema } from '@service-portal/shared/pricing';
import type { RentalProductPricing, RentalProductPricingUpdateInput } from '@service-portal/shared/pricing';
import { apiClient } from '../../../lib/api-client.ts';
import { pricingKey } from './get-pricing.ts';

export async function listRentalProductPricing(signal?: AbortSignal): Promise<RentalProductPricing[]> {
  const response = await apiClient.get<unknown>('/pricing/rental-products', { signal });
  return z.array(rentalProductPricingSchema).parse(response.data);
}

export function rentalProductPricingQueryOptions() {
  return queryOptions({
    queryKey: [...pricingKey, 'rental-products'] as const,
    queryFn: ({ signal }) => listRentalProductPricing(signal),
    retry: false,
  });
}

export function useRentalProductPricing() {
  return useQuery(rentalProductPricingQueryOptions());
}

export async function putRentalProductPricing({
  rentalProductId,
  body,
}: {
  rentalProductId: string;
  body: RentalProductPricingUpdateInput;
}): Promise<RentalProductPricing> {
  const response = await apiClient.put<unknown>(
    `/pricing/rental-products/${encodeURIComponent(rentalProductId)}`,
    body,
  );
  return rentalProductPricingSchema.parse(response.data);
}

export async function deleteRentalProductPricing(rentalProductId: string): Promise<void> {
  await apiClient.delete(`/pricing/rental-products/${encodeURIComponent(rentalProductId)}`);
}

export function usePutRentalProductPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRentalProductPricing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentalProductPricingQueryOptions().queryKey }),
  });
}

export function useDeleteRentalProductPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRentalProductPricing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentalProductPricingQueryOptions().queryKey }),
  });
}
