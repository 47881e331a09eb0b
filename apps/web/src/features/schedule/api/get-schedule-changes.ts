import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { changesSchema, SCHEDULE_POLL_MS } from '@service-portal/shared/schedule';
import { apiClient } from '../../../lib/api-client.ts';
import { scheduleKey } from './keys.ts';

/** How often an open board asks whether anything changed (issue 25: within a few seconds). */
export const CHANGE_POLL_MS = SCHEDULE_POLL_MS;

/** GET /schedule/changes?since=cursor: whether any order of the partner changed since the cursor. */
export async function getScheduleChanges(since: string, signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/schedule/changes', { params: { since }, signal });
  return changesSchema.parse(response.data);
}

export function scheduleChangesQueryOptions(since: string) {
  return queryOptions({
    queryKey: ['schedule-changes', since] as const,
    queryFn: ({ signal }) => getScheduleChanges(since, signal),
    refetchInterval: CHANGE_POLL_MS,
    // A background tab keeps polling slowly would be wasted: the poll stops while hidden.
    refetchIntervalInBackground: false,
    gcTime: 0,
  });
}

/**
 * Polls for changes since the board's cursor; when another dispatcher (or another instance) moved
 * something, every schedule query refetches, which brings a new cursor and restarts the poll.
 */
export function useScheduleChangePoll(since: string | undefined) {
  const queryClient = useQueryClient();
  const changes = useQuery({ ...scheduleChangesQueryOptions(since ?? ''), enabled: since !== undefined });
  const changed = changes.data?.changed === true;
  useEffect(() => {
    // A move of ours still in flight refetches when it settles; refetching now would undo its copy.
    if (changed && queryClient.isMutating({ mutationKey: scheduleKey }) === 0) {
      void queryClient.invalidateQueries({ queryKey: scheduleKey });
    }
  }, [changed, queryClient]);
}
