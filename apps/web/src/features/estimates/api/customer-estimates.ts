import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  estimateSchema,
  type Estimate,
  type EstimateApprove,
  type EstimateDecline,
} from '@service-portal/shared/estimates';
import { UPLOAD_SESSION_HEADER } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';

export const customerEstimatesKey = (token: string) => ['customer-upload', token, 'estimates'] as const;

const url = (token: string) => `/customer-upload/${encodeURIComponent(token)}/estimates`;
const headers = (session: string) => ({ [UPLOAD_SESSION_HEADER]: session });

/** The order's sent versions behind a verified status link, newest first. */
export async function listCustomerEstimates(
  token: string,
  session: string,
  signal?: AbortSignal,
): Promise<Estimate[]> {
  const response = await apiClient.get<unknown>(url(token), { headers: headers(session), signal });
  return z.array(estimateSchema).parse(response.data);
}

export function useCustomerEstimates(token: string, session: string) {
  return useQuery({
    queryKey: customerEstimatesKey(token),
    queryFn: ({ signal }) => listCustomerEstimates(token, session, signal),
  });
}

type Answer = { kind: 'approve'; body: EstimateApprove } | { kind: 'decline'; body: EstimateDecline };

export async function answerEstimate(token: string, session: string, answer: Answer): Promise<Estimate> {
  const response = await apiClient.post<unknown>(`${url(token)}/${answer.kind}`, answer.body, {
    headers: headers(session),
  });
  return estimateSchema.parse(response.data);
}

export function useAnswerEstimate(token: string, session: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: Answer) => answerEstimate(token, session, answer),
    // A refusal (expired, answered already, superseded) also refreshes: the page shows the truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerEstimatesKey(token) }),
  });
}
