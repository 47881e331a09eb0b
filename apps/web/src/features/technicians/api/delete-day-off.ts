import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { daysOffKey } from './list-days-off.ts';

/** DELETE /technicians/:id/days-off/:dayOffId */
export async function deleteDayOff(input: { id: string; dayOffId: string }): Promise<void> {
  await apiClient.delete(`/technicians/${input.id}/days-off/${input.dayOffId}`);
}

export function useDeleteDayOff(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dayOffId: string) => deleteDayOff({ id, dayOffId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: daysOffKey(id) }),
  });
}
