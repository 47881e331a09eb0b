import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  documentListResponseSchema,
  documentStatsSchema,
  type DocumentListParams,
  type DocumentListResponse,
  type DocumentStats,
} from '@service-portal/shared/documents';
import { apiClient } from '../../../lib/api-client.ts';
import { documentListKey, documentStatsKey } from './keys.ts';

export async function listDocuments(
  params: DocumentListParams,
  signal?: AbortSignal,
): Promise<DocumentListResponse> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  const response = await apiClient.get<unknown>('/documents', { params: query, signal });
  return documentListResponseSchema.parse(response.data);
}

export function documentsQueryOptions(params: DocumentListParams) {
  return queryOptions({
    queryKey: documentListKey(params),
    queryFn: ({ signal }) => listDocuments(params, signal),
  });
}

/** A page of documents; while another search or page loads, the results on screen stay (faded). */
export function useDocuments(params: DocumentListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...documentsQueryOptions(params), placeholderData: keepPreviousData, ...options });
}

export async function getDocumentStats(signal?: AbortSignal): Promise<DocumentStats> {
  const response = await apiClient.get<unknown>('/documents/stats', { signal });
  return documentStatsSchema.parse(response.data);
}

export function useDocumentStats() {
  return useQuery({ queryKey: documentStatsKey, queryFn: ({ signal }) => getDocumentStats(signal) });
}
