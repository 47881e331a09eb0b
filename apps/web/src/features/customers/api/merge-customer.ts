import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customerMergePreviewSchema, customerSchema } from '@service-portal/shared/customers';
import type { Customer, CustomerMerge, CustomerMergePreview } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /customers/:id/merge-preview — both records, the fields that differ and what would move. */
export async function getMergePreview(
  survivorId: string,
  sourceId: string,
  signal?: AbortSignal,
): Promise<CustomerMergePreview> {
  const response = await apiClient.get<unknown>(`/customers/${survivorId}/merge-preview`, {
    params: { sourceId },
    signal,
  });
  return customerMergePreviewSchema.parse(response.data);
}

export function mergePreviewQueryOptions(survivorId: string, sourceId: string) {
  return queryOptions({
    queryKey: ['customers', 'merge-preview', survivorId, sourceId] as const,
    queryFn: ({ signal }) => getMergePreview(survivorId, sourceId, signal),
    // Always what the records are now: the versions it carries are the ones the merge checks.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMergePreview(survivorId: string, sourceId: string) {
  return useQuery(mergePreviewQueryOptions(survivorId, sourceId));
}

/**
 * POST /customers/:id/merge — moves everything of the source to this customer with the chosen
 * fields and retires the source; 409 when either record changed since the preview.
 */
export async function mergeCustomer(input: { targetId: string; merge: CustomerMerge }): Promise<Customer> {
  const response = await apiClient.post<unknown>(`/customers/${input.targetId}/merge`, input.merge);
  return customerSchema.parse(response.data);
}

export function useMergeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCustomer,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
      await queryClient.invalidateQueries({ queryKey: ['service-orders'] });
      await queryClient.invalidateQueries({ queryKey: ['rentals'] });
    },
  });
}
