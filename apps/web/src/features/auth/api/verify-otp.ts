import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authTokenResponseSchema } from '@service-portal/shared/auth';
import type { AuthTokenResponse, OtpVerify } from '@service-portal/shared/auth';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-storage.ts';
import { profileQueryOptions } from './get-profile.ts';

export async function verifyOtp(body: OtpVerify): Promise<AuthTokenResponse> {
  const response = await apiClient.post<unknown>('/auth/otp/verify', body);
  return authTokenResponseSchema.parse(response.data);
}

/** Verifies the code and starts the session: token, method "otp" and user go to local storage. */
export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: ({ token, user }) => {
      // Saving the session resets the cache (a new token means a new user), so seed the profile after it.
      saveSession({ token, method: 'otp', user });
      queryClient.setQueryData(profileQueryOptions().queryKey, user);
    },
  });
}
