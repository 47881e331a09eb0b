import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client.ts';

/**
 * Whether the signed-in user is one of their partner's technicians (matched by e-mail on the
 * server): GET /my-day answers 404 `no_technician_record` otherwise. Asked once a session, for the
 * side menu's "My day"; it reads no body, so the frame does not carry the schedule's schemas.
 */
export async function hasTechnicianRecord(signal?: AbortSignal): Promise<boolean> {
  try {
    // Without a date the server answers today's (the partner's): the frame needs no calendar code.
    await apiClient.get<unknown>('/my-day', { signal });
    return true;
  } catch (error) {
    if (isApiError(error) && (error.response?.status === 404 || error.response?.status === 403)) return false;
    throw error;
  }
}

export function technicianRecordQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['my-day', 'has-record', userId] as const,
    queryFn: ({ signal }) => hasTechnicianRecord(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** False until known (and when the call fails): the menu entry appears once the answer is yes. */
export function useHasTechnicianRecord(user: { userId: string; servicePartnerId: string | null }): boolean {
  const probe = useQuery({
    ...technicianRecordQueryOptions(user.userId),
    enabled: user.servicePartnerId !== null,
  });
  return probe.data === true;
}
