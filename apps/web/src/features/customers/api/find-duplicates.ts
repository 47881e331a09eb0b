import { useQuery } from '@tanstack/react-query';
import { customerDuplicatesResponseSchema } from '@service-portal/shared/customers';
import type { Customer } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

export interface DuplicateQuery {
  email: string;
  phone: string;
  /** The customer being edited (not its own duplicate). */
  exceptId?: string | undefined;
}

/**
 * GET /customers/duplicates — live customers with the e-mail (any case) or the phone number however
 * written ("+47 912 34 567" = "91234567"): the server compares by the SMS phone rules.
 */
export async function findDuplicateCustomers(
  query: DuplicateQuery,
  signal?: AbortSignal,
): Promise<Customer[]> {
  const params: Record<string, string> = {};
  if (query.email) params.email = query.email;
  if (query.phone) params.phone = query.phone;
  if (query.exceptId) params.exceptId = query.exceptId;
  const response = await apiClient.get<unknown>('/customers/duplicates', { params, signal });
  return customerDuplicatesResponseSchema.parse(response.data).items;
}

export function useDuplicateCustomerQuery(query: DuplicateQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'duplicates', query] as const,
    queryFn: ({ signal }) => findDuplicateCustomers(query, signal),
    enabled,
  });
}
