import { apiClient, IDEMPOTENCY_HEADER, isApiError } from '../../../lib/api-client.ts';
import type { SendResult } from '../lib/outbox.ts';
import type { QueuedPhoto } from '../lib/photo-queue.ts';

/**
 * Uploads one kept photo to its order with the photo's id as `Idempotency-Key`: a repeat after an
 * interrupted upload or a lost answer gets the first answer back and stores nothing more. No
 * answer throws, so the queue stops and keeps the photo.
 */
export async function sendPhoto(photo: QueuedPhoto): Promise<SendResult> {
  const form = new FormData();
  form.append('categories', photo.category);
  form.append('moments', photo.moment);
  form.append('descriptions', photo.description);
  form.append('files', photo.blob, photo.name);
  try {
    const response = await apiClient.post<unknown>(
      `/service-orders/${encodeURIComponent(photo.orderId)}/images`,
      form,
      { timeout: 0, headers: { [IDEMPOTENCY_HEADER]: photo.id } },
    );
    return { status: response.status, headers: response.headers, body: response.data };
  } catch (error) {
    if (isApiError(error) && error.response !== undefined) {
      return { status: error.response.status, headers: error.response.headers, body: error.response.data };
    }
    throw error;
  }
}
