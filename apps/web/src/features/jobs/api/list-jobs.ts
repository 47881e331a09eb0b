import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobListResponseSchema } from '@service-portal/shared/jobs';
import type { JobListResponse, JobState } from '@service-portal/shared/jobs';
import { apiClient } from '../../../lib/api-client.ts';

export interface JobListParams {
  page: number;
  pageSize: number;
  state?: JobState;
}

/** GET /admin/jobs: the installation's background jobs, newest first, with counts by state. */
export async function listJobs(params: JobListParams, signal?: AbortSignal): Promise<JobListResponse> {
  const query: Record<string, string> = { page: String(params.page), pageSize: String(params.pageSize) };
  if (params.state) query.state = params.state;
  const response = await apiClient.get<unknown>('/admin/jobs', { params: query, signal });
  return jobListResponseSchema.parse(response.data);
}

export function jobsQueryOptions(params: JobListParams) {
  return queryOptions({
    queryKey: ['admin', 'jobs', params] as const,
    queryFn: ({ signal }) => listJobs(params, signal),
  });
}

/** While anything is queued or running, the list looks again every 3 s so progress moves. */
export function useJobs(params: JobListParams) {
  return useQuery({
    ...jobsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return counts && counts.queued + counts.running > 0 ? 3000 : false;
    },
  });
}
