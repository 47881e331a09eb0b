import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerSchema } from '@service-portal/shared/customers';
import type { Customer } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /customers/:id/merge — moves the source's orders to this customer and retires the source. */
export async function mergeCustomer(input: { targetId: string; sourceId: string }): Promise<Customer> {
  const response = await apiClient.post<unknown>(`/customers/${input.targetId}/merge`, {
    sourceId: input.sourceId,
  });
  return customerSchema.parse(response.data);
}

export function useMergeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCustomer,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
      await queryClient.invalidateQueries({ queryKey: ['service-orders'] });
    },
  });
}
