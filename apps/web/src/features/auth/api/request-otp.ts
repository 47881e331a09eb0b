import { useMutation } from '@tanstack/react-query';
import { otpRequestResponseSchema } from '@service-portal/shared/auth';
import type { OtpRequest } from '@service-portal/shared/auth';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export async function requestOtp(body: OtpRequest): Promise<OtpRequestResponse> {
  const response = await apiClient.post<unknown>('/auth/otp/request', body);
  return otpRequestResponseSchema.parse(response.data);
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
