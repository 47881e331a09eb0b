import { z } from 'zod';
import { imageSchema, type Image } from '@service-portal/shared/images';
import { apiClient } from '../../../lib/api-client.ts';
import { rentalPhotosUrl } from './list-rental-photos.ts';

/**
 * POST /rentals/:id/photos, one photo per request, so each has its own progress and a retry sends
 * only what failed. The return dialog refreshes the list (rentalPhotosKey) once all are sent.
 */
export async function uploadRentalPhoto(input: {
  rentalId: string;
  file: File;
  onProgress: (percent: number) => void;
}): Promise<Image> {
  const form = new FormData();
  form.append('files', input.file, input.file.name);
  const response = await apiClient.post<unknown>(rentalPhotosUrl(input.rentalId), form, {
    timeout: 0,
    onUploadProgress: (e) => {
      if (e.total) input.onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return z.array(imageSchema).length(1).parse(response.data)[0]!;
}
