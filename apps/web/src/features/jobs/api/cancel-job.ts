import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobSchema } from '@service-portal/shared/jobs';
import type { Job } from '@service-portal/shared/jobs';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /admin/jobs/:id/cancel: a queued or running job. */
export async function cancelJob(id: string): Promise<Job> {
  const response = await apiClient.post<unknown>(`/admin/jobs/${id}/cancel`);
  return jobSchema.parse(response.data);
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
  });
}
