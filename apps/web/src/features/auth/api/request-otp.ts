import { otpRequestResponseSchema } from '@service-portal/shared/auth';
import type { OtpRequest } from '@service-portal/shared/auth';
import type { z } from 'zod/mini';
import { apiClient } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export async function requestOtp(body: OtpRequest): Promise<OtpRequestResponse> {
  const response = await apiClient.post<unknown>('/auth/otp/request', body);
  return otpRequestResponseSchema.parse(response.data);
}

/** The sign-in screen's call: no query cache there (lib/use-action.ts). */
export function useRequestOtp() {
  return useAction(requestOtp);
}
