import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingSchema, type Rating, type RatingInput } from '@service-portal/shared/upload-links';
import { apiClient } from '../../../lib/api-client.ts';
import { sessionHeaders } from '../lib/upload-session.ts';
import { customerStatusKey } from './keys.ts';

export async function rateOrder(input: {
  token: string;
  session: string;
  body: RatingInput;
}): Promise<Rating> {
  const response = await apiClient.post<unknown>(
    `/customer-upload/${encodeURIComponent(input.token)}/rating`,
    input.body,
    { headers: sessionHeaders(input.session) },
  );
  return ratingSchema.parse(response.data);
}

export function useRateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateOrder,
    onSuccess: (_r, { token }) => queryClient.invalidateQueries({ queryKey: customerStatusKey(token) }),
  });
}
