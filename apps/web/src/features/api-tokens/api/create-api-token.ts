import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenCreatedSchema } from '@service-portal/shared/api-tokens';
import type { ApiTokenCreated, ApiTokenCreateInput } from '@service-portal/shared/api-tokens';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensKey } from './list-api-tokens.ts';

/** POST /api-tokens: the answer carries the secret, shown once. */
export async function createApiToken(input: ApiTokenCreateInput): Promise<ApiTokenCreated> {
  const response = await apiClient.post<unknown>('/api-tokens', input);
  return apiTokenCreatedSchema.parse(response.data);
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
