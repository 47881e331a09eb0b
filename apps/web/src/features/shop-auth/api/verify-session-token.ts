import { useMutation } from '@tanstack/react-query';
import { authTokenResponseSchema } from '@service-portal/shared/auth';
import type { AuthTokenResponse } from '@service-portal/shared/auth';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-storage.ts';
import { InvalidUserDataError } from './complete-shop-login.ts';

/** POST /auth/verify-jwt: the shop admin's session token for a token of ours. */
export async function verifySessionToken(shopifyJwt: string): Promise<AuthTokenResponse> {
  const response = await apiClient.post<unknown>('/auth/verify-jwt', { shopifyJwt });
  const parsed = authTokenResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new InvalidUserDataError('Invalid user data in token');
  return parsed.data;
}

export function useVerifySessionToken() {
  return useMutation({
    mutationFn: verifySessionToken,
    onSuccess: ({ token, user }) => {
      // The auth provider sees the new token, starts from an empty cache and reads the profile.
      saveSession({ token, method: 'shopify', user });
    },
  });
}
