import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { communicationsKey } from './keys.ts';

/** Discards an unassigned inbound message (spam, a wrong number). */
export async function deleteUnassigned(id: string): Promise<void> {
  await apiClient.delete(`/communications/${encodeURIComponent(id)}`);
}

export function useDeleteUnassigned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnassigned,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationsKey }),
  });
}
