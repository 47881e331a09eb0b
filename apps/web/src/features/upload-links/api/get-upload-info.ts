import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadInfoSchema, type UploadInfo } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { customerUploadKey } from './keys.ts';

/** Service Information behind a customer's link. */
export async function getUploadInfo(token: string, signal?: AbortSignal): Promise<UploadInfo> {
  const response = await apiClient.get<unknown>(`/customer-upload/${encodeURIComponent(token)}`, { signal });
  return uploadInfoSchema.parse(response.data);
}

export function uploadInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: customerUploadKey(token),
    queryFn: ({ signal }) => getUploadInfo(token, signal),
    retry: false,
  });
}

export function useUploadInfo(token: string) {
  return useQuery(uploadInfoQueryOptions(token));
}
