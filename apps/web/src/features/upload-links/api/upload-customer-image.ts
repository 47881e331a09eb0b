import { uploadResultSchema, type UploadResult } from '@service-portal/shared/upload-links';
import type { ImageCategory } from '@service-portal/shared/images';
import { apiClient } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../lib/upload-session.ts';

export interface CustomerImageUpload {
  token: string;
  session: string;
  file: File;
  category: ImageCategory;
  description: string;
  /** 0–100 as the bytes leave the phone. */
  onProgress: (percent: number) => void;
}

/** One image per request, so each file has its own progress bar and its own outcome. */
export async function uploadCustomerImage(input: CustomerImageUpload): Promise<UploadResult> {
  const form = new FormData();
  form.append('categories', input.category);
  form.append('descriptions', input.description);
  form.append('files', input.file, input.file.name);
  const response = await apiClient.post<unknown>(
    `/customer-upload/${encodeURIComponent(input.token)}/images`,
    form,
    {
      headers: sessionHeaders(input.session),
      // Uploads on a slow phone line take longer than the API's usual 30 s.
      timeout: 0,
      onUploadProgress: (e) => {
        if (e.total) input.onProgress(Math.round((e.loaded / e.total) * 100));
      },
    },
  );
  return uploadResultSchema.parse(response.data);
}
