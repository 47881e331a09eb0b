import { useMutation } from '@tanstack/react-query';
import {
  uploadSessionSchema,
  type UploadSession,
  type UploadVerify,
} from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';

/** Verification: phone number and serial number against the link's order. */
export async function verifyUpload({
  token,
  body,
}: {
  token: string;
  body: UploadVerify;
}): Promise<UploadSession> {
  const response = await apiClient.post<unknown>(
    `/customer-upload/${encodeURIComponent(token)}/verify`,
    body,
  );
  return uploadSessionSchema.parse(response.data);
}

export function useVerifyUpload() {
  return useMutation({ mutationFn: verifyUpload });
}
