import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { imageSchema, type Image } from '@service-portal/shared/images';
import { apiClient } from '../../../lib/api-client.ts';
import { orderImagesKey } from './keys.ts';

export const orderImagesUrl = (orderId: string) => `/service-orders/${encodeURIComponent(orderId)}/images`;

/** The order's photos, oldest first, with signed URLs valid for an hour. */
export async function listImages(orderId: string, signal?: AbortSignal): Promise<Image[]> {
  const response = await apiClient.get<unknown>(orderImagesUrl(orderId), { signal });
  return z.array(imageSchema).parse(response.data);
}

export function imagesQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderImagesKey(orderId),
    queryFn: ({ signal }) => listImages(orderId, signal),
    // The signed URLs live an hour; fetch new ones well before.
    staleTime: 20 * 60_000,
    refetchInterval: 40 * 60_000,
  });
}

export function useImages(orderId: string) {
  return useQuery(imagesQueryOptions(orderId));
}
