import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensKey } from './list-api-tokens.ts';

/** DELETE /api-tokens/:id: the token is refused from its next request on. */
export async function revokeApiToken(id: string): Promise<void> {
  await apiClient.delete(`/api-tokens/${id}`);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
