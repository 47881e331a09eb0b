import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerSchema } from '@service-portal/shared/customers';
import type { Customer, CustomerInput } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /customers/:id with the version last read (409 version_conflict otherwise). */
export async function updateCustomer(input: {
  id: string;
  version: number;
  fields: CustomerInput;
}): Promise<Customer> {
  const response = await apiClient.put<unknown>(`/customers/${input.id}`, {
    ...input.fields,
    version: input.version,
  });
  return customerSchema.parse(response.data);
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => queryClient.setQueryData(['customers', 'detail', customer.id], customer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
