import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayOffSchema } from '@service-portal/shared/technicians';
import type { DayOff, DayOffInput } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';
import { daysOffKey } from './list-days-off.ts';

/** POST /technicians/:id/days-off (409 when the technician has that day off already). */
export async function addDayOff(input: { id: string; fields: DayOffInput }): Promise<DayOff> {
  const response = await apiClient.post<unknown>(`/technicians/${input.id}/days-off`, input.fields);
  return dayOffSchema.parse(response.data);
}

export function useAddDayOff(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: DayOffInput) => addDayOff({ id, fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: daysOffKey(id) }),
  });
}
