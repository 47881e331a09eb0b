import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  serviceReportSchema,
  type ReportSign,
  type ServiceReport,
} from '@service-portal/shared/service-reports';
import { apiClient } from '../../../lib/api-client.ts';
import { serviceReportQueryOptions } from './get-service-report.ts';

export async function signServiceReport(orderId: string, body: ReportSign): Promise<ServiceReport> {
  const response = await apiClient.post<unknown>(
    `/service-orders/${encodeURIComponent(orderId)}/report/signature`,
    body,
  );
  return serviceReportSchema.parse(response.data);
}

export function useSignServiceReport(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportSign) => signServiceReport(orderId, body),
    onSuccess: (report) => queryClient.setQueryData(serviceReportQueryOptions(orderId).queryKey, report),
  });
}
