import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { warehouseLocationOptionSchema } from '@service-portal/shared/warehouse-locations';
import type { WarehouseLocationOption } from '@service-portal/shared/warehouse-locations';
import { apiClient } from '../../../lib/api-client.ts';

const optionsSchema = z.array(warehouseLocationOptionSchema);

/**
 * GET /warehouse-locations/options: the active locations for a select, open to every signed-in
 * user (the management list is for Administrators and ServiceManagers only). `include` adds one
 * location even if it was deactivated since (an order's current one).
 */
export async function listWarehouseLocationOptions(
  include: string | undefined,
  signal?: AbortSignal,
): Promise<WarehouseLocationOption[]> {
  const response = await apiClient.get<unknown>('/warehouse-locations/options', {
    params: include ? { include } : {},
    signal,
  });
  return optionsSchema.parse(response.data);
}

export function warehouseLocationOptionsQueryOptions(include?: string) {
  return queryOptions({
    queryKey: ['warehouse-locations', 'options', include ?? null] as const,
    queryFn: ({ signal }) => listWarehouseLocationOptions(include, signal),
  });
}

export function useWarehouseLocationOptions(include?: string) {
  return useQuery(warehouseLocationOptionsQueryOptions(include));
}
