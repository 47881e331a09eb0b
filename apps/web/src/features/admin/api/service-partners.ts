import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminServicePartnerSchema, servicePartnerListResponseSchema } from '@service-portal/shared/admin';
import type {
  AdminServicePartner,
  ServicePartnerCreate,
  ServicePartnerUpdate,
} from '@service-portal/shared/admin';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /admin/service-partners (one page of up to 100). */
export async function listServicePartners(signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/admin/service-partners', {
    params: { pageSize: '100' },
    signal,
  });
  return servicePartnerListResponseSchema.parse(response.data);
}

export function useServicePartners() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'service-partners'] as const,
      queryFn: ({ signal }) => listServicePartners(signal),
    }),
  );
}

/** POST /admin/service-partners or PUT /admin/service-partners/:id. */
export async function saveServicePartner(
  input: { id?: undefined; body: ServicePartnerCreate } | { id: string; body: ServicePartnerUpdate },
): Promise<AdminServicePartner> {
  const response =
    input.id === undefined
      ? await apiClient.post<unknown>('/admin/service-partners', input.body)
      : await apiClient.put<unknown>(`/admin/service-partners/${input.id}`, input.body);
  return adminServicePartnerSchema.parse(response.data);
}

export function useSaveServicePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServicePartner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
