import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadLinkSchema, type UploadLink } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { orderUploadLinksKey } from './keys.ts';

export const orderUploadLinksUrl = (orderId: string) =>
  `/service-orders/${encodeURIComponent(orderId)}/upload-links`;

export async function listUploadLinks(orderId: string, signal?: AbortSignal): Promise<UploadLink[]> {
  const response = await apiClient.get<unknown>(orderUploadLinksUrl(orderId), { signal });
  return z.array(uploadLinkSchema).parse(response.data);
}

export function uploadLinksQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderUploadLinksKey(orderId),
    queryFn: ({ signal }) => listUploadLinks(orderId, signal),
  });
}

export function useUploadLinks(orderId: string) {
  return useQuery(uploadLinksQueryOptions(orderId));
}
