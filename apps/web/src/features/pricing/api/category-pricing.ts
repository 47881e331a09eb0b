import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryPricingSchema } from '@service-portal/shared/pricing';
import type {
  CategoryPricing,
  CategoryPricingInput,
  CategoryPricingUpdateInput,
} from '@service-portal/shared/pricing';
import { apiClient } from '../../../lib/api-client.ts';
import { pricingKey } from './get-pricing.ts';

export async function addCategoryPricing(body: CategoryPricingInput): Promise<CategoryPricing> {
  const response = await apiClient.post<unknown>('/pricing/categories', body);
  return categoryPricingSchema.parse(response.data);
}

export async function updateCategoryPricing({
  id,
  body,
}: {
  id: string;
  body: CategoryPricingUpdateInput;
}): Promise<CategoryPricing> {
  const response = await apiClient.put<unknown>(`/pricing/categories/${encodeURIComponent(id)}`, body);
  return categoryPricingSchema.parse(response.data);
}

export async function deleteCategoryPricing(id: string): Promise<void> {
  await apiClient.delete(`/pricing/categories/${encodeURIComponent(id)}`);
}

/** The configuration carries its categories: every change refetches it (and work-log estimates). */
function useInvalidatePricing() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pricingKey }),
      queryClient.invalidateQueries({ queryKey: ['work-logs'] }),
    ]);
}

export function useAddCategoryPricing() {
  const invalidate = useInvalidatePricing();
  return useMutation({ mutationFn: addCategoryPricing, onSuccess: invalidate });
}

export function useUpdateCategoryPricing() {
  const invalidate = useInvalidatePricing();
  return useMutation({ mutationFn: updateCategoryPricing, onSuccess: invalidate });
}

export function useDeleteCategoryPricing() {
  const invalidate = useInvalidatePricing();
  return useMutation({ mutationFn: deleteCategoryPricing, onSuccess: invalidate });
}
