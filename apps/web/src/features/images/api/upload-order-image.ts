import { z } from 'zod';
import { imageSchema, type Image, type ImageCategory, type ImageMoment } from '@service-portal/shared/images';
import { apiClient } from '../../../lib/api-client.ts';
import { orderImagesUrl } from './list-images.ts';

export interface OrderImageUpload {
  orderId: string;
  file: File;
  category: ImageCategory;
  moment: ImageMoment;
  description: string;
  onProgress: (percent: number) => void;
}

/** Staff add one photo (one request per photo, so each has its own progress). */
export async function uploadOrderImage(input: OrderImageUpload): Promise<Image> {
  const form = new FormData();
  form.append('categories', input.category);
  form.append('moments', input.moment);
  form.append('descriptions', input.description);
  form.append('files', input.file, input.file.name);
  const response = await apiClient.post<unknown>(orderImagesUrl(input.orderId), form, {
    timeout: 0,
    onUploadProgress: (e) => {
      if (e.total) input.onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return z.array(imageSchema).length(1).parse(response.data)[0]!;
}
