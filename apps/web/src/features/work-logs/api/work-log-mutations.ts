import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workLogSchema } from '@service-portal/shared/work-logs';
import type { WorkLog, WorkLogCreateInput, WorkLogUpdateInput } from '@service-portal/shared/work-logs';
import { apiClient } from '../../../lib/api-client.ts';
import { orderTotalsQueryOptions } from './get-order-totals.ts';
import { timePerTechnicianKey } from './get-time-per-technician.ts';
import { workLogsQueryOptions } from './list-work-logs.ts';

const base = (orderId: string) => `/service-orders/${encodeURIComponent(orderId)}/work-logs`;
const one = (orderId: string, logId: string) => `${base(orderId)}/${encodeURIComponent(logId)}`;

export async function createWorkLog(orderId: string, body: WorkLogCreateInput): Promise<WorkLog> {
  const response = await apiClient.post<unknown>(base(orderId), body);
  return workLogSchema.parse(response.data);
}

export async function updateWorkLog(
  orderId: string,
  logId: string,
  body: WorkLogUpdateInput,
): Promise<WorkLog> {
  const response = await apiClient.put<unknown>(one(orderId, logId), body);
  return workLogSchema.parse(response.data);
}

export async function deleteWorkLog(orderId: string, logId: string): Promise<void> {
  await apiClient.delete(one(orderId, logId));
}

export type WorkLogAction = 'timer/start' | 'timer/stop' | 'complete';

export async function workLogAction(orderId: string, logId: string, action: WorkLogAction): Promise<WorkLog> {
  const response = await apiClient.post<unknown>(`${one(orderId, logId)}/${action}`);
  return workLogSchema.parse(response.data);
}

/** Every change refreshes the order's logs and its totals. */
function useRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workLogsQueryOptions(orderId).queryKey }),
      queryClient.invalidateQueries({ queryKey: orderTotalsQueryOptions(orderId).queryKey }),
      // Any technician's time may change (the log's technician or flag did): all of them refresh.
      queryClient.invalidateQueries({ queryKey: timePerTechnicianKey }),
    ]);
}

export function useCreateWorkLog(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: (body: WorkLogCreateInput) => createWorkLog(orderId, body),
    onSuccess: refresh,
  });
}

export function useUpdateWorkLog(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: ({ logId, body }: { logId: string; body: WorkLogUpdateInput }) =>
      updateWorkLog(orderId, logId, body),
    onSuccess: refresh,
  });
}

export function useDeleteWorkLog(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({ mutationFn: (logId: string) => deleteWorkLog(orderId, logId), onSuccess: refresh });
}

export function useWorkLogAction(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: ({ logId, action }: { logId: string; action: WorkLogAction }) =>
      workLogAction(orderId, logId, action),
    // Conflicts (already running elsewhere) also refresh: the other device's state is the truth.
    onSettled: refresh,
  });
}
