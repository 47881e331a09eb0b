import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceReportSchema, type ServiceReport } from '@service-portal/shared/service-reports';
import { apiClient } from '../../../lib/api-client.ts';

export async function getServiceReport(orderId: string, signal?: AbortSignal): Promise<ServiceReport> {
  const response = await apiClient.get<unknown>(`/service-orders/${encodeURIComponent(orderId)}/report`, {
    signal,
  });
  return serviceReportSchema.parse(response.data);
}

export const serviceReportKey = ['service-report'] as const;

export function serviceReportQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...serviceReportKey, orderId] as const,
    queryFn: ({ signal }) => getServiceReport(orderId, signal),
  });
}

export function useServiceReport(orderId: string) {
  return useQuery(serviceReportQueryOptions(orderId));
}
