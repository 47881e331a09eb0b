import { queryOptions, useQuery } from '@tanstack/react-query';
import { ratingSchema, type Rating } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { orderRatingKey } from './keys.ts';

/** The customer's rating of an order, or null. */
export async function getOrderRating(orderId: string, signal?: AbortSignal): Promise<Rating | null> {
  const response = await apiClient.get<unknown>(`/service-orders/${encodeURIComponent(orderId)}/rating`, {
    signal,
  });
  return ratingSchema.nullable().parse(response.data);
}

export function orderRatingQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderRatingKey(orderId),
    queryFn: ({ signal }) => getOrderRating(orderId, signal),
  });
}

export function useOrderRating(orderId: string) {
  return useQuery(orderRatingQueryOptions(orderId));
}
