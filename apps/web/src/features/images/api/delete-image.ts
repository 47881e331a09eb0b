import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { orderImagesKey } from './keys.ts';

export async function deleteImage(input: { orderId: string; imageId: string }): Promise<void> {
  await apiClient.delete(`/images/${encodeURIComponent(input.imageId)}`);
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: (_r, { orderId }) => queryClient.invalidateQueries({ queryKey: orderImagesKey(orderId) }),
  });
}
