import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../../test/http.ts';
import { serviceManager } from '../../test/fixtures.ts';
import { apiClient } from './api-client.ts';
import { getToken, saveSession, subscribeSession } from './auth-storage.ts';

describe('api client', () => {
  it('sends the stored token and, when set, the acting partner', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    window.localStorage.setItem(STORAGE_KEYS.actingPartner, 'partner-1');
    const { calls } = mockApi({ 'GET /api/user/profile': { status: 200, body: serviceManager } });

    await apiClient.get('/user/profile');

    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(calls[0]?.headers.get('X-Service-Partner-Id')).toBe('partner-1');
  });

  it('sends neither header when signed out', async () => {
    const { calls } = mockApi({ 'POST /api/auth/otp/request': { status: 200, body: {} } });
    await apiClient.post('/auth/otp/request', { email: 'a@b.no' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.has('X-Service-Partner-Id')).toBe(false);
  });

  it('signs out on any 401: token, method, user and acting partner are cleared and listeners told', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    window.localStorage.setItem(STORAGE_KEYS.actingPartner, 'partner-1');
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    mockApi({ 'GET /api/service-orders': { status: 401, body: problem(401, 'unauthenticated') } });

    await expect(apiClient.get('/service-orders')).rejects.toMatchObject({ response: { status: 401 } });

    expect(getToken()).toBeNull();
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.method,
      STORAGE_KEYS.user,
      STORAGE_KEYS.actingPartner,
    ]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps the session on other errors', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    mockApi({ 'GET /api/pricing': { status: 403, body: problem(403, 'forbidden') } });

    await expect(apiClient.get('/pricing')).rejects.toMatchObject({ response: { status: 403 } });

    expect(getToken()).toBe('abc');
  });
});
