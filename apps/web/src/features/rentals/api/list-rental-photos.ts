import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { imageSchema } from '@service-portal/shared/images';
import { apiClient } from '../../../lib/api-client.ts';
import { rentalPhotosKey } from './keys.ts';

export const rentalPhotosUrl = (rentalId: string) => `/rentals/${encodeURIComponent(rentalId)}/photos`;

/** GET /rentals/:id/photos: taken at the return, oldest first, with signed URLs valid for an hour. */
export async function listRentalPhotos(rentalId: string, signal?: AbortSignal) {
  return z
    .array(imageSchema)
    .parse((await apiClient.get<unknown>(rentalPhotosUrl(rentalId), { signal })).data);
}

export function rentalPhotosQueryOptions(rentalId: string | null) {
  return queryOptions({
    queryKey: rentalPhotosKey(rentalId ?? ''),
    queryFn: ({ signal }) => listRentalPhotos(rentalId ?? '', signal),
    enabled: rentalId !== null,
    // The signed URLs live an hour; fetch new ones well before.
    staleTime: 20 * 60_000,
  });
}

export function useRentalPhotos(rentalId: string | null) {
  return useQuery(rentalPhotosQueryOptions(rentalId));
}
