import { authTokenResponseSchema } from '@service-portal/shared/auth';
import type { AuthTokenResponse, OtpVerify } from '@service-portal/shared/auth';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-storage.ts';
import { useAction } from '../../../lib/use-action.ts';

export async function verifyOtp(body: OtpVerify): Promise<AuthTokenResponse> {
  const response = await apiClient.post<unknown>('/auth/otp/verify', body);
  return authTokenResponseSchema.parse(response.data);
}

/**
 * Verifies the code and starts the session: token, method "otp" and user go to local storage. The
 * app's cache starts from that user (features/auth/session-profile.ts), so no second request asks
 * who signed in.
 */
export function useVerifyOtp() {
  return useAction(verifyOtp, {
    onSuccess: ({ token, user }) => saveSession({ token, method: 'otp', user }),
  });
}
