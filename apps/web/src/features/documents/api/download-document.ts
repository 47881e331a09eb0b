import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { fileNameFrom, saveFile, withReadableErrorBody } from '../../../lib/download.ts';

/** Downloads a version as an attachment (the server names it; RFC 5987 for any letters). */
export async function downloadDocument(input: {
  id: string;
  version: number;
  fileName: string;
}): Promise<void> {
  try {
    const response = await apiClient.get<Blob>(`/documents/${encodeURIComponent(input.id)}/download`, {
      params: { version: input.version },
      responseType: 'blob',
      timeout: 0,
    });
    saveFile(response.data, fileNameFrom(response.headers['content-disposition'], input.fileName));
  } catch (error) {
    throw await withReadableErrorBody(error);
  }
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
