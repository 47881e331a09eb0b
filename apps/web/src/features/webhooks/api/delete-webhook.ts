import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksKey } from './list-webhooks.ts';

/** DELETE /webhooks/:id: the endpoint and its delivery log go. */
export async function deleteWebhook(id: string): Promise<void> {
  await apiClient.delete(`/webhooks/${id}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
