import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  documentDetailSchema,
  type DocumentDetail,
  type DocumentUpdateInput,
} from '@service-portal/shared/documents';
import { apiClient } from '../../../lib/api-client.ts';
import { documentsKey } from './keys.ts';

export async function updateDocument(input: {
  id: string;
  body: DocumentUpdateInput;
}): Promise<DocumentDetail> {
  const response = await apiClient.put<unknown>(`/documents/${encodeURIComponent(input.id)}`, input.body);
  return documentDetailSchema.parse(response.data);
}

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

export async function deleteDocument(id: string): Promise<void> {
  await apiClient.delete(`/documents/${encodeURIComponent(id)}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
