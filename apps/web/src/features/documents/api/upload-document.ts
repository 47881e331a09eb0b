import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  documentDetailSchema,
  documentSchema,
  type Document,
  type DocumentCategory,
  type DocumentDetail,
  type DocumentScope,
} from '@service-portal/shared/documents';
import { apiClient } from '../../../lib/api-client.ts';
import { documentsKey } from './keys.ts';

export interface DocumentUpload {
  file: File;
  title: string;
  scope: DocumentScope;
  category: DocumentCategory;
  sku: string;
  tags: string[];
  description: string;
  onProgress: (percent: number) => void;
}

/** One file per request, so each has its own progress; the scope goes first (the server needs it). */
export async function uploadDocument(input: DocumentUpload): Promise<Document> {
  const form = new FormData();
  form.append('scope', input.scope);
  form.append('category', input.category);
  if (input.sku.trim()) form.append('sku', input.sku.trim());
  if (input.description.trim()) form.append('description', input.description.trim());
  for (const tag of input.tags) form.append('tags', tag);
  form.append('titles', input.title);
  form.append('files', input.file, input.file.name);
  const response = await apiClient.post<unknown>('/documents', form, {
    timeout: 0,
    onUploadProgress: (e) => {
      if (e.total) input.onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return z.array(documentSchema).length(1).parse(response.data)[0]!;
}

/** A new file for a document; the earlier versions stay. */
export async function replaceDocumentFile(input: {
  id: string;
  file: File;
  onProgress: (percent: number) => void;
}): Promise<DocumentDetail> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  const response = await apiClient.post<unknown>(
    `/documents/${encodeURIComponent(input.id)}/versions`,
    form,
    {
      timeout: 0,
      onUploadProgress: (e) => {
        if (e.total) input.onProgress(Math.round((e.loaded / e.total) * 100));
      },
    },
  );
  return documentDetailSchema.parse(response.data);
}

/** Every document query (lists, stats, details) again after a change. */
export function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentsKey });
}
