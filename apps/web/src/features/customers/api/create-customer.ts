import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerSchema } from '@service-portal/shared/customers';
import type { Customer, CustomerInput } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /customers (409 email_taken when another customer of the partner has the e-mail). */
export async function createCustomer(fields: CustomerInput): Promise<Customer> {
  const response = await apiClient.post<unknown>('/customers', fields);
  return customerSchema.parse(response.data);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => queryClient.setQueryData(['customers', 'detail', customer.id], customer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
