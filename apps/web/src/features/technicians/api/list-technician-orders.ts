import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceOrderListResponseSchema } from '@service-portal/shared/service-orders';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';

export interface OrdersPage {
  items: ServiceOrderListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /service-orders?assignedTechnicianId=… — the orders assigned to one technician. */
export async function listTechnicianOrders(
  technicianId: string,
  params: { page: number; status?: string },
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const query: Record<string, string> = {
    assignedTechnicianId: technicianId,
    page: String(params.page),
    pageSize: '10',
  };
  if (params.status) query.status = params.status;
  const response = await apiClient.get<unknown>('/service-orders', { params: query, signal });
  return serviceOrderListResponseSchema.parse(response.data);
}

export function useTechnicianOrders(technicianId: string, params: { page: number; status?: string }) {
  return useQuery(
    queryOptions({
      queryKey: ['technicians', 'orders', technicianId, params] as const,
      queryFn: ({ signal }) => listTechnicianOrders(technicianId, params, signal),
    }),
  );
}
