import { useMutation } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { shopCallbackResponseSchema } from '@service-portal/shared/shop-auth';
import type { ShopCallbackResponse } from '@service-portal/shared/shop-auth';
import { apiClient } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-storage.ts';

/** Thrown when the answer's user cannot be read (spec §8 "Invalid user data in token"). */
export class InvalidUserDataError extends Error {}

/** The state kept by the sign-in button, which the shop must send back. */
export function readExpectedState(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.oauthState);
  } catch {
    return null;
  }
}

/** Each state is good for one callback: forgotten once used. */
export function forgetExpectedState(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.oauthState);
  } catch {
    /* nothing stored */
  }
}

/** GET /auth/callback with every parameter the shop sent, plus our `expected_state`. */
export async function completeShopLogin(input: {
  search: string;
  expectedState: string;
}): Promise<ShopCallbackResponse> {
  const params = Object.fromEntries(new URLSearchParams(input.search));
  const response = await apiClient.get<unknown>('/auth/callback', {
    params: { ...params, expected_state: input.expectedState },
  });
  const parsed = shopCallbackResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new InvalidUserDataError('Invalid user data in token');
  return parsed.data;
}

/** Completes the redirect sign-in and starts the session with the method "shopify". */
export function useCompleteShopLogin() {
  return useMutation({
    mutationFn: completeShopLogin,
    onSuccess: ({ token, user }) => {
      // The auth provider sees the new token, starts from an empty cache and reads the profile.
      saveSession({ token, method: 'shopify', user });
    },
  });
}
