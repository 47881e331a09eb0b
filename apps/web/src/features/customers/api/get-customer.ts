import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { customerSchema, customerSerialNumberSchema } from '@service-portal/shared/customers';
import type { Customer, CustomerSerialNumber } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /customers/:id */
export async function getCustomer(id: string, signal?: AbortSignal): Promise<Customer> {
  const response = await apiClient.get<unknown>(`/customers/${id}`, { signal });
  return customerSchema.parse(response.data);
}

export function customerQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['customers', 'detail', id] as const,
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

export function useCustomer(id: string, enabled = true) {
  return useQuery({ ...customerQueryOptions(id), enabled });
}

/** GET /customers/:id/serial-numbers */
export async function listCustomerSerialNumbers(
  id: string,
  signal?: AbortSignal,
): Promise<CustomerSerialNumber[]> {
  const response = await apiClient.get<unknown>(`/customers/${id}/serial-numbers`, { signal });
  return z.array(customerSerialNumberSchema).parse(response.data);
}

export function useCustomerSerialNumbers(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ['customers', 'serials', id] as const,
      queryFn: ({ signal }) => listCustomerSerialNumbers(id, signal),
    }),
  );
}
