import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertSettingsSchema,
  type AlertSettings,
  type AlertSettingsUpdate,
} from '@service-portal/shared/alerts';
import { apiClient } from '../../../lib/api-client.ts';
import { alertSettingsKey } from './keys.ts';

export async function getAlertSettings(signal?: AbortSignal): Promise<AlertSettings> {
  const response = await apiClient.get<unknown>('/alerts/settings', { signal });
  return alertSettingsSchema.parse(response.data);
}

export async function updateAlertSettings(body: AlertSettingsUpdate): Promise<AlertSettings> {
  const response = await apiClient.put<unknown>('/alerts/settings', body);
  return alertSettingsSchema.parse(response.data);
}

export function useAlertSettings() {
  return useQuery({ queryKey: alertSettingsKey, queryFn: ({ signal }) => getAlertSettings(signal) });
}

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsKey, saved),
  });
}
