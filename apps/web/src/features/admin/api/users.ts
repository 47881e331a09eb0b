import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUserListResponseSchema, adminUserSchema } from '@service-portal/shared/admin';
import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@service-portal/shared/admin';
import { apiClient } from '../../../lib/api-client.ts';

export interface AdminUserListParams {
  page: number;
  pageSize: number;
  search?: string;
}

/** GET /admin/users: every partner's users, a page at a time. */
export async function listAdminUsers(params: AdminUserListParams, signal?: AbortSignal) {
  const query: Record<string, string> = { page: String(params.page), pageSize: String(params.pageSize) };
  if (params.search) query.search = params.search;
  const response = await apiClient.get<unknown>('/admin/users', { params: query, signal });
  return adminUserListResponseSchema.parse(response.data);
}

export function adminUsersQueryOptions(params: AdminUserListParams) {
  return queryOptions({
    queryKey: ['admin', 'users', params] as const,
    queryFn: ({ signal }) => listAdminUsers(params, signal),
  });
}

export function useAdminUsers(params: AdminUserListParams) {
  return useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });
}

/** POST /admin/users (invites by e-mail) or PUT /admin/users/:id. */
export async function saveAdminUser(
  input: { id?: undefined; body: AdminUserCreate } | { id: string; body: AdminUserUpdate },
): Promise<AdminUser> {
  const response =
    input.id === undefined
      ? await apiClient.post<unknown>('/admin/users', input.body)
      : await apiClient.put<unknown>(`/admin/users/${input.id}`, input.body);
  return adminUserSchema.parse(response.data);
}

export function useSaveAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
