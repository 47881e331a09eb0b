import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncEnqueuedSchema } from '@service-portal/shared/products';
import type { SyncMode } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { syncKey } from './get-sync-status.ts';

/** POST /products/sync: queues a catalogue sync. */
export async function requestSync(mode: SyncMode) {
  return syncEnqueuedSchema.parse((await apiClient.post<unknown>('/products/sync', { mode })).data);
}

export function useRequestSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestSync,
    onSettled: () => queryClient.invalidateQueries({ queryKey: syncKey }),
  });
}
