import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { imageSchema, type Image } from '@service-portal/shared/images';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './rental-products.ts';

export const rentalPhotosKey = (rentalId: string) => [...RENTALS_KEY, 'photos', rentalId] as const;
const photosUrl = (rentalId: string) => `/rentals/${encodeURIComponent(rentalId)}/photos`;

/** The rental's photos (taken at the return), oldest first, with signed URLs valid for an hour. */
export function useRentalPhotos(rentalId: string | null) {
  return useQuery({
    queryKey: rentalPhotosKey(rentalId ?? ''),
    queryFn: async ({ signal }) =>
      z.array(imageSchema).parse((await apiClient.get<unknown>(photosUrl(rentalId!), { signal })).data),
    enabled: rentalId !== null,
    // The signed URLs live an hour; fetch new ones well before.
    staleTime: 20 * 60_000,
  });
}

/** One photo per request, so each has its own progress and a retry sends only what failed. */
export async function uploadRentalPhoto(input: {
  rentalId: string;
  file: File;
  onProgress: (percent: number) => void;
}): Promise<Image> {
  const form = new FormData();
  form.append('files', input.file, input.file.name);
  const response = await apiClient.post<unknown>(photosUrl(input.rentalId), form, {
    timeout: 0,
    onUploadProgress: (e) => {
      if (e.total) input.onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return z.array(imageSchema).length(1).parse(response.data)[0]!;
}
