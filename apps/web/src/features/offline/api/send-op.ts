import { apiClient, IDEMPOTENCY_HEADER, isApiError } from '../../../lib/api-client.ts';
import type { OutboxOp, SendResult } from '../lib/outbox.ts';

/**
 * Sends one outbox op with its id as the `Idempotency-Key`: a replay after a lost answer gets the
 * first answer back (`Idempotent-Replayed: true`) and changes nothing more. No answer throws, so
 * the outbox stops and keeps the op.
 */
export async function sendOp(op: OutboxOp): Promise<SendResult> {
  const config = { headers: { [IDEMPOTENCY_HEADER]: op.id } };
  try {
    const response =
      op.method === 'POST'
        ? await apiClient.post<unknown>(op.path, op.body, config)
        : op.method === 'PUT'
          ? await apiClient.put<unknown>(op.path, op.body, config)
          : op.method === 'PATCH'
            ? await apiClient.patch<unknown>(op.path, op.body, config)
            : await apiClient.delete<unknown>(op.path, config);
    return { status: response.status, headers: response.headers, body: response.data };
  } catch (error) {
    if (isApiError(error) && error.response !== undefined) {
      return { status: error.response.status, headers: error.response.headers, body: error.response.data };
    }
    throw error;
  }
}
