import { useMutation } from '@tanstack/react-query';
import type { NOTIFY_CHANNELS } from '@service-portal/shared/schedule';
import { apiClient } from '../../../lib/api-client.ts';

export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * POST /schedule/orders/:id/notify: sends the scheduled day and time to the customer (the partner's
 * template and language) and logs it in the order's communications.
 */
export async function notifyCustomer(input: { orderId: string; channel: NotifyChannel }): Promise<void> {
  await apiClient.post<unknown>(`/schedule/orders/${encodeURIComponent(input.orderId)}/notify`, {
    channel: input.channel,
  });
}

export function useNotifyCustomer() {
  return useMutation({ mutationFn: notifyCustomer });
}
