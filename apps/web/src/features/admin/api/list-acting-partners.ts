import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { actingPartnerSchema } from '@service-portal/shared/admin';
import type { ActingPartner } from '@service-portal/shared/admin';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /admin/acting-partners: the active partners a global administrator can act for. */
export async function listActingPartners(signal?: AbortSignal): Promise<ActingPartner[]> {
  const response = await apiClient.get<unknown>('/admin/acting-partners', { signal });
  return z.array(actingPartnerSchema).parse(response.data);
}

export function useActingPartners(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['admin', 'acting-partners'] as const,
      queryFn: ({ signal }) => listActingPartners(signal),
    }),
    enabled,
  });
}
