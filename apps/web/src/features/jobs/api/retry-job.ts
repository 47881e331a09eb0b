import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobSchema } from '@service-portal/shared/jobs';
import type { Job } from '@service-portal/shared/jobs';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /admin/jobs/:id/retry: a failed or cancelled job runs again, now. */
export async function retryJob(id: string): Promise<Job> {
  const response = await apiClient.post<unknown>(`/admin/jobs/${id}/retry`);
  return jobSchema.parse(response.data);
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
  });
}
