import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadStatusSchema, type UploadStatus } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../lib/upload-session.ts';
import { customerStatusKey } from './keys.ts';

/** The order's progress in customer words (after verification). */
export async function getUploadStatus(
  token: string,
  session: string,
  signal?: AbortSignal,
): Promise<UploadStatus> {
  const response = await apiClient.get<unknown>(`/customer-upload/${encodeURIComponent(token)}/status`, {
    headers: sessionHeaders(session),
    signal,
  });
  return uploadStatusSchema.parse(response.data);
}

export function uploadStatusQueryOptions(token: string, session: string) {
  return queryOptions({
    queryKey: customerStatusKey(token),
    queryFn: ({ signal }) => getUploadStatus(token, session, signal),
  });
}

export function useUploadStatus(token: string, session: string) {
  return useQuery(uploadStatusQueryOptions(token, session));
}
