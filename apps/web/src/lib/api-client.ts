import axios from 'axios';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import { LIMITS } from '@service-portal/shared/limits';
import { env } from './env.ts';
import { clearSession, getActingPartnerId, getToken } from './auth-storage.ts';

/** The one HTTP client of the app. */
export const apiClient = axios.create({
  baseURL: env.apiBaseUrl,
  timeout: LIMITS.httpTimeoutMs,
  headers: { Accept: 'application/json, application/problem+json' },
});

apiClient.interceptors.request.use((config) => {
  const token = getToken();
  if (token !== null) config.headers.set('Authorization', `Bearer ${token}`);
  const partnerId = getActingPartnerId();
  if (partnerId !== null) config.headers.set(ACTING_PARTNER_HEADER, partnerId);
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  // Spec §4: any 401 means the token is gone or revoked. Clearing storage notifies the auth
  // provider, which turns unauthenticated; the route guard then sends the user to /login.
  if (axios.isAxiosError(error) && error.response?.status === 401) clearSession('rejected');
  return Promise.reject(error instanceof Error ? error : new Error(String(error)));
});
