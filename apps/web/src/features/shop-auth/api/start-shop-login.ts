import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { shopLoginResponseSchema } from '@service-portal/shared/shop-auth';
import type { ShopLoginResponse } from '@service-portal/shared/shop-auth';
import { apiClient } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

/** GET /auth/login: the shop's authorize URL and the state that must come back with it. */
export async function startShopLogin(returnUrl: string): Promise<ShopLoginResponse> {
  const response = await apiClient.get<unknown>('/auth/login', { params: { returnUrl } });
  return shopLoginResponseSchema.parse(response.data);
}

/**
 * Keeps the state in local storage (spec §9 "oauth state") and sends the browser to the shop. The
 * callback page compares what comes back against it (`expected_state`). The sign-in screen's call:
 * no query cache there (lib/use-action.ts).
 */
export function useStartShopLogin(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useAction(startShopLogin, {
    onSuccess: ({ authorizationUrl, state }) => {
      try {
        window.localStorage.setItem(STORAGE_KEYS.oauthState, state);
      } catch {
        /* without storage the callback cannot prove the state: it fails clearly there */
      }
      go(authorizationUrl);
    },
  });
}
