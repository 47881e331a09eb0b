import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { orderUploadLinksKey } from './keys.ts';
import { orderUploadLinksUrl } from './list-upload-links.ts';

export async function revokeUploadLink(input: { orderId: string; linkId: string }): Promise<void> {
  await apiClient.delete(`${orderUploadLinksUrl(input.orderId)}/${encodeURIComponent(input.linkId)}`);
}

export function useRevokeUploadLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUploadLink,
    onSuccess: (_r, { orderId }) => queryClient.invalidateQueries({ queryKey: orderUploadLinksKey(orderId) }),
  });
}
