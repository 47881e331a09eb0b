import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  uploadLinkCreatedSchema,
  type UploadLinkCreate,
  type UploadLinkCreated,
} from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { orderUploadLinksKey } from './keys.ts';
import { orderUploadLinksUrl } from './list-upload-links.ts';

export async function createUploadLink(input: {
  orderId: string;
  body: UploadLinkCreate;
}): Promise<UploadLinkCreated> {
  const response = await apiClient.post<unknown>(orderUploadLinksUrl(input.orderId), input.body);
  return uploadLinkCreatedSchema.parse(response.data);
}

/** Also refreshes the order's communications, where the sent message shows. */
export function useCreateUploadLink(onSent?: (orderId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUploadLink,
    onSuccess: async (_created, { orderId }) => {
      onSent?.(orderId);
      await queryClient.invalidateQueries({ queryKey: orderUploadLinksKey(orderId) });
    },
  });
}
