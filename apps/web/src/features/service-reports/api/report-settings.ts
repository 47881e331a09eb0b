import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportSettingsSchema, type ReportSettings } from '@service-portal/shared/service-reports';
import { apiClient } from '../../../lib/api-client.ts';

const key = ['service-reports', 'settings'] as const;

export async function getReportSettings(signal?: AbortSignal): Promise<ReportSettings> {
  const response = await apiClient.get<unknown>('/service-reports/settings', { signal });
  return reportSettingsSchema.parse(response.data);
}

export async function updateReportSettings(body: ReportSettings): Promise<ReportSettings> {
  const response = await apiClient.put<unknown>('/service-reports/settings', body);
  return reportSettingsSchema.parse(response.data);
}

export function useReportSettings() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getReportSettings(signal) });
}

export function useUpdateReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportSettings,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
