import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { describe, expect, it, vi } from 'vitest';
import { serviceManager } from '../../../../test/fixtures.ts';
import { deferred, mockApi, problem } from '../../../../test/http.ts';
import type { Reply } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const otpSent: Reply = { status: 200, body: { message: 'sent', expiresInSeconds: 600 } };
const signedIn: Reply = {
  status: 200,
  body: { token: 'jwt-token', expiresAt: '2030-01-01T00:00:00.000Z', user: serviceManager },
};

async function reachCodeStep(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'POST /api/auth/otp/request': otpSent, ...routes });
  const view = renderWithProviders(<LoginForm />);
  await view.user.type(screen.getByLabelText(/e-mail address/i), ' Manager@Nordic.example.com ');
  await view.user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText(/one-time code/i);
  return { ...view, ...api };
}

describe('LoginForm, e-mail step', () => {
  it.each(['not-an-email', 'two@@example.com', 'no@dot', 'with space@example.com'])(
    'rejects "%s" without calling the server',
    async (email) => {
      const { calls } = mockApi({ 'POST /api/auth/otp/request': otpSent });
      const { user } = renderWithProviders(<LoginForm />);

      await user.type(screen.getByLabelText(/e-mail address/i), email);
      await user.click(screen.getByRole('button', { name: 'Send code' }));

      expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    },
  );

  it('requests a code for the trimmed, lower-cased address and moves to the code step', async () => {
    const { calls } = await reachCodeStep();
    expect(calls[0]?.body).toEqual({ email: 'manager@nordic.example.com' });
    expect(screen.getByText(/We sent a 6-digit code to manager@nordic\.example\.com/)).toBeInTheDocument();
  });

  it('shows the catalogue message when the server rate-limits', async () => {
    mockApi({ 'POST /api/auth/otp/request': { status: 429, body: problem(429, 'rate_limited') } });
    const { user } = renderWithProviders(<LoginForm />);

    await user.type(screen.getByLabelText(/e-mail address/i), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(screen.getByLabelText(/e-mail address/i)).toBeInTheDocument();
  });

  it('turns the Retry-After of a 429 into "try again in N seconds" (issue 31)', async () => {
    mockApi({
      'POST /api/auth/otp/request': {
        status: 429,
        body: problem(429, 'rate_limited'),
        headers: { 'retry-after': '40' },
      },
    });
    const { user } = renderWithProviders(<LoginForm />);

    await user.type(screen.getByLabelText(/e-mail address/i), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 40 seconds.');
  });

  it('shows the network message when the server cannot be reached', async () => {
    mockApi({ 'POST /api/auth/otp/request': 'network-error' });
    const { user } = renderWithProviders(<LoginForm />);

    await user.type(screen.getByLabelText(/e-mail address/i), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  });
});

describe('LoginForm, code step', () => {
  it('offers a numeric keyboard and accepts at most 6 characters', async () => {
    await reachCodeStep();
    const input = screen.getByLabelText(/one-time code/i);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('rejects a code that is not 6 digits without calling the server', async () => {
    const { user, calls } = await reachCodeStep({ 'POST /api/auth/otp/verify': signedIn });

    await user.type(screen.getByLabelText(/one-time code/i), '12a3');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByLabelText(/one-time code/i)).toHaveValue('123');
    expect(calls.filter((call) => call.url === '/api/auth/otp/verify')).toHaveLength(0);
  });

  it('shows the processing state, then stores token, method and user', async () => {
    const reply = deferred<Reply>();
    const { user, calls } = await reachCodeStep({ 'POST /api/auth/otp/verify': () => reply.promise });

    await user.type(screen.getByLabelText(/one-time code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please wait while we verify your credentials...')).toBeInTheDocument();
    reply.resolve(signedIn);
    expect(await screen.findByText('Redirecting to your dashboard...')).toBeInTheDocument();

    expect(calls.at(-1)?.body).toEqual({ email: 'manager@nordic.example.com', otpCode: '123456' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.method)).toBe('otp');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(serviceManager);
  });

  it('explains a wrong code and lets the user try again', async () => {
    const { user } = await reachCodeStep({
      'POST /api/auth/otp/verify': { status: 401, body: problem(401, 'invalid_credentials') },
    });

    await user.type(screen.getByLabelText(/one-time code/i), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or OTP code. Please try again.',
    );
    expect(screen.getByLabelText(/one-time code/i)).toHaveValue('');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('resends the code to the same address once the minute has passed, counting down till then', async () => {
    const { user, calls } = await reachCodeStep();

    // Issue 31: it could be pressed at once, then only said "Too many attempts".
    expect(screen.getByRole('button', { name: 'Resend code in 60 seconds' })).toBeDisabled();
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    try {
      await user.click(await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3_000 }));
    } finally {
      clock.mockRestore();
    }

    expect(await screen.findByText('We sent a new code to manager@nordic.example.com.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/auth/otp/request')).toHaveLength(2);
    expect(calls.at(-1)?.body).toEqual({ email: 'manager@nordic.example.com' });
  });

  it('goes back to the e-mail step with "Use a different e-mail"', async () => {
    const { user } = await reachCodeStep();

    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));

    await waitFor(() => expect(screen.queryByLabelText(/one-time code/i)).not.toBeInTheDocument());
    expect(screen.getByLabelText(/e-mail address/i)).toHaveValue('Manager@Nordic.example.com');
  });
});
