import { useQuery } from '@tanstack/react-query';
import { customerReportSchema, type CustomerReport } from '@service-portal/shared/service-reports';
import { UPLOAD_SESSION_HEADER } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';

export async function getCustomerReport(
  token: string,
  session: string,
  signal?: AbortSignal,
): Promise<CustomerReport> {
  const response = await apiClient.get<unknown>(`/customer-upload/${encodeURIComponent(token)}/report`, {
    headers: { [UPLOAD_SESSION_HEADER]: session },
    signal,
  });
  return customerReportSchema.parse(response.data);
}

export function useCustomerReport(token: string, session: string) {
  return useQuery({
    queryKey: ['customer-upload', token, 'report'] as const,
    queryFn: ({ signal }) => getCustomerReport(token, session, signal),
  });
}
