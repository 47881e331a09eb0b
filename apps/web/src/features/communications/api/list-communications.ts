import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { communicationSchema } from '@service-portal/shared/communications';
import type { Communication } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { orderCommunicationsKey } from './keys.ts';

const listSchema = z.array(communicationSchema);

export const orderCommunicationsUrl = (orderId: string) =>
  `/service-orders/${encodeURIComponent(orderId)}/communications`;

/** An order's communications, oldest first (newest last, as a conversation reads). */
export async function listCommunications(orderId: string, signal?: AbortSignal): Promise<Communication[]> {
  const response = await apiClient.get<unknown>(orderCommunicationsUrl(orderId), { signal });
  return listSchema.parse(response.data);
}

/** How often to look again while a message is on its way, so "Pending" turns into "Sent" or "Failed". */
export const DELIVERY_POLL_MS = 2000;

const underWay = (c: Communication) => c.deliveryStatus === 'pending' || c.deliveryStatus === 'sending';

export function communicationsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderCommunicationsKey(orderId),
    queryFn: ({ signal }) => listCommunications(orderId, signal),
    refetchInterval: (query) => (query.state.data?.some(underWay) ? DELIVERY_POLL_MS : false),
  });
}

export function useCommunications(orderId: string) {
  return useQuery(communicationsQueryOptions(orderId));
}
