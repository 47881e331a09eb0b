import { useMutation } from '@tanstack/react-query';
import {
  uploadLookupResultSchema,
  type UploadLookupResult,
  type UploadVerify,
} from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';

/** `/customer-upload` without a link: phone + serial find the open order. */
export async function lookupUpload(body: UploadVerify): Promise<UploadLookupResult> {
  const response = await apiClient.post<unknown>('/customer-upload/lookup', body);
  return uploadLookupResultSchema.parse(response.data);
}

export function useLookupUpload() {
  return useMutation({ mutationFn: lookupUpload });
}
