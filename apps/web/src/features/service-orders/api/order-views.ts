import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderListViewSchema,
  orderListViewsSchema,
  type OrderListView,
  type OrderListViewCreate,
  type OrderListViewUpdate,
} from '@service-portal/shared/service-order-views';
import { apiClient } from '../../../lib/api-client.ts';

// The signed-in user's saved views of the order list (issue 31 item 9), kept on the server.

const viewsKey = ['service-orders', 'views'] as const;

export function useOrderViews() {
  return useQuery({
    queryKey: viewsKey,
    queryFn: async ({ signal }) =>
      orderListViewsSchema.parse((await apiClient.get<unknown>('/service-order-views', { signal })).data)
        .items,
  });
}

export function useCreateOrderView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrderListViewCreate): Promise<OrderListView> =>
      orderListViewSchema.parse((await apiClient.post<unknown>('/service-order-views', input)).data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}

export function useUpdateOrderView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: OrderListViewUpdate & { id: string }): Promise<OrderListView> =>
      orderListViewSchema.parse(
        (await apiClient.patch<unknown>(`/service-order-views/${encodeURIComponent(id)}`, input)).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}

export function useDeleteOrderView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`/service-order-views/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}
