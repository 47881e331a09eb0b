import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/http.ts';
import type { Reply } from '../../test/http.ts';
import { apiClient } from './api-client.ts';
import { apiErrorMessage, signInErrorMessage } from './api-errors.ts';
import type { SignInAction } from './api-errors.ts';

async function failureFor(reply: Reply): Promise<unknown> {
  mockApi({ 'POST /api/auth/otp/request': reply });
  try {
    await apiClient.post('/auth/otp/request', { email: 'a@b.no' });
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('sign-in error catalogue (spec §8)', () => {
  const cases: [string, Reply, SignInAction, ReturnType<typeof signInErrorMessage>][] = [
    [
      '429',
      { status: 429, body: problem(429, 'rate_limited'), headers: { 'retry-after': '60' } },
      'requestOtp',
      { key: 'errors.tooManyAttempts' },
    ],
    [
      '401',
      { status: 401, body: problem(401, 'invalid_credentials') },
      'verifyOtp',
      { key: 'errors.signIn.invalidCredentials' },
    ],
    [
      '400 with detail',
      { status: 400, body: problem(400, 'validation_failed', 'email: Invalid email') },
      'requestOtp',
      { text: 'email: Invalid email' },
    ],
    [
      '400 without detail',
      { status: 400, body: problem(400, 'validation_failed') },
      'requestOtp',
      { key: 'errors.signIn.invalidRequest' },
    ],
    [
      '400 that is not problem+json',
      { status: 400, body: '<html>Bad Request</html>' },
      'verifyOtp',
      { key: 'errors.signIn.invalidRequest' },
    ],
    ['500', { status: 500, body: problem(500, 'internal_error') }, 'verifyOtp', { key: 'errors.server' }],
    ['503', { status: 503, body: '' }, 'requestOtp', { key: 'errors.server' }],
    ['network failure', 'network-error', 'requestOtp', { key: 'errors.network' }],
    [
      'other status on request',
      { status: 404, body: problem(404, 'not_found') },
      'requestOtp',
      { key: 'errors.signIn.requestOtpFailed' },
    ],
    [
      'other status on verify',
      { status: 403, body: problem(403, 'forbidden') },
      'verifyOtp',
      { key: 'errors.signIn.verifyOtpFailed' },
    ],
  ];

  it.each(cases)('%s', async (_name, reply, action, expected) => {
    expect(signInErrorMessage(await failureFor(reply), action)).toEqual(expected);
  });

  it('falls back to the action message for errors that are not HTTP failures', () => {
    expect(signInErrorMessage(new Error('boom'), 'verifyOtp')).toEqual({
      key: 'errors.signIn.verifyOtpFailed',
    });
    expect(signInErrorMessage(new TypeError('bad shape'), 'requestOtp')).toEqual({
      key: 'errors.signIn.requestOtpFailed',
    });
  });
});

describe('other calls', () => {
  it('adds status and server detail to the screen message', async () => {
    const error = await failureFor({ status: 409, body: problem(409, 'version_conflict', 'Stale version') });
    expect(apiErrorMessage(error, 'errors.saveServiceOrder')).toEqual({
      key: 'errors.saveServiceOrder',
      detail: '409: Stale version',
    });
  });

  it('uses the shared messages for network and server failures', async () => {
    expect(apiErrorMessage(await failureFor('network-error'), 'errors.loadData')).toEqual({
      key: 'errors.network',
    });
    expect(apiErrorMessage(await failureFor({ status: 502 }), 'errors.loadData')).toEqual({
      key: 'errors.server',
    });
  });
});
