import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  estimateSchema,
  type Estimate,
  type EstimateInputValues,
  type EstimateSend,
} from '@service-portal/shared/estimates';
import { apiClient } from '../../../lib/api-client.ts';

export const estimatesKey = ['estimates'] as const;
export const orderEstimatesKey = (orderId: string) => [...estimatesKey, 'order', orderId] as const;

const url = (orderId: string) => `/service-orders/${encodeURIComponent(orderId)}/estimates`;

/** The order's versions, newest first. */
export async function listOrderEstimates(orderId: string, signal?: AbortSignal): Promise<Estimate[]> {
  const response = await apiClient.get<unknown>(url(orderId), { signal });
  return z.array(estimateSchema).parse(response.data);
}

export function useOrderEstimates(orderId: string) {
  return useQuery({
    queryKey: orderEstimatesKey(orderId),
    queryFn: ({ signal }) => listOrderEstimates(orderId, signal),
  });
}

/** A new version (a draft), or the draft changed when `estimateId` is given. */
export async function saveEstimate(input: {
  orderId: string;
  estimateId?: string;
  body: EstimateInputValues;
}): Promise<Estimate> {
  const response =
    input.estimateId === undefined
      ? await apiClient.post<unknown>(url(input.orderId), input.body)
      : await apiClient.put<unknown>(
          `${url(input.orderId)}/${encodeURIComponent(input.estimateId)}`,
          input.body,
        );
  return estimateSchema.parse(response.data);
}

export async function sendEstimate(input: {
  orderId: string;
  estimateId: string;
  body: EstimateSend;
}): Promise<Estimate> {
  const response = await apiClient.post<unknown>(
    `${url(input.orderId)}/${encodeURIComponent(input.estimateId)}/send`,
    input.body,
  );
  return estimateSchema.parse(response.data);
}

function useRefreshAfter<I extends { orderId: string }>(
  fn: (input: I) => Promise<Estimate>,
  onSent?: (orderId: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (_e, { orderId }) => {
      onSent?.(orderId);
      await queryClient.invalidateQueries({ queryKey: orderEstimatesKey(orderId) });
    },
  });
}

export const useSaveEstimate = () => useRefreshAfter(saveEstimate);
/** Also refreshes the order's communications (the message goes through its log). */
export const useSendEstimate = (onSent?: (orderId: string) => void) => useRefreshAfter(sendEstimate, onSent);
