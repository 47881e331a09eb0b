import { useQuery } from '@tanstack/react-query';
import { documentDetailSchema, type DocumentDetail } from '@service-portal/shared/documents';
import { apiClient } from '../../../lib/api-client.ts';
import { documentFileKey, documentKey } from './keys.ts';

export async function getDocument(id: string, signal?: AbortSignal): Promise<DocumentDetail> {
  const response = await apiClient.get<unknown>(`/documents/${encodeURIComponent(id)}`, { signal });
  return documentDetailSchema.parse(response.data);
}

export function useDocument(id: string) {
  return useQuery({ queryKey: documentKey(id), queryFn: ({ signal }) => getDocument(id, signal) });
}

/** A version's file through the one client (the Bearer header): the preview's bytes. */
export async function fetchDocumentFile(id: string, version: number, signal?: AbortSignal): Promise<Blob> {
  const response = await apiClient.get<Blob>(`/documents/${encodeURIComponent(id)}/file`, {
    params: { version },
    responseType: 'blob',
    timeout: 0,
    signal,
  });
  return response.data;
}

export function useDocumentFile(id: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: documentFileKey(id, version),
    queryFn: ({ signal }) => fetchDocumentFile(id, version, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
