import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopUserLinkListResponseSchema, shopUserLinkSchema } from '@service-portal/shared/shop-links';
import type { ShopUserLink, ShopUserLinkCreate } from '@service-portal/shared/shop-links';
import { apiClient } from '../../../lib/api-client.ts';

export interface ShopUserLinkListParams {
  page: number;
  pageSize: number;
  search?: string;
}

const KEY = ['admin', 'shop-user-links'] as const;

/** GET /admin/shop-user-links (global administrators). */
export async function listShopUserLinks(params: ShopUserLinkListParams, signal?: AbortSignal) {
  const query: Record<string, string> = { page: String(params.page), pageSize: String(params.pageSize) };
  if (params.search) query.search = params.search;
  const response = await apiClient.get<unknown>('/admin/shop-user-links', { params: query, signal });
  return shopUserLinkListResponseSchema.parse(response.data);
}

export function shopUserLinksQueryOptions(params: ShopUserLinkListParams) {
  return queryOptions({
    queryKey: [...KEY, params] as const,
    queryFn: ({ signal }) => listShopUserLinks(params, signal),
  });
}

export function useShopUserLinks(params: ShopUserLinkListParams) {
  return useQuery({ ...shopUserLinksQueryOptions(params), placeholderData: keepPreviousData });
}

export async function createShopUserLink(body: ShopUserLinkCreate): Promise<ShopUserLink> {
  const response = await apiClient.post<unknown>('/admin/shop-user-links', body);
  return shopUserLinkSchema.parse(response.data);
}

export function useCreateShopUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShopUserLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export async function deleteShopUserLink(id: string): Promise<void> {
  await apiClient.delete(`/admin/shop-user-links/${id}`);
}

export function useDeleteShopUserLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShopUserLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
