import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOwnPath } from '@service-portal/shared/shop-auth';
import { formatMessage, shopSignInErrorMessage } from '../../../lib/api-errors.ts';
import { forgetExpectedState, readExpectedState, useCompleteShopLogin } from '../api/complete-shop-login.ts';
import { SignInStatus, type SignInPhase } from './sign-in-status.tsx';

/** How long the success stays readable before the page moves on (a failure stays until dismissed). */
export const CALLBACK_REDIRECT_DELAY_MS = { success: 800 };

/**
 * /auth/callback: the shop sent the browser back with a code. The server checks it (HMAC, time,
 * shop, state, code exchange, scopes) and answers our session; then on to `returnUrl`, or back to
 * /login after a failure.
 */
export function ShopCallback({
  search,
  navigate,
}: {
  /** The page's query string as the shop sent it. */
  search: string;
  navigate: (to: string) => void;
}) {
  const { t } = useTranslation();
  const complete = useCompleteShopLogin();
  const [expectedState] = useState(readExpectedState);
  const [phase, setPhase] = useState<SignInPhase>({ name: 'processing' });
  // The user cancelled on the shop's page (`error=access_denied`): nothing to ask the server.
  const cancelled = new URLSearchParams(search).has('error');
  // Without the state this browser kept, the sign-in was not started here: nothing to ask the server.
  const shown: SignInPhase = cancelled
    ? { name: 'failure', message: t('errors.signIn.loginFailed') }
    : expectedState === null
      ? { name: 'failure', message: t('shopAuth.errors.noState') }
      : phase;
  // The state is single use: the exchange runs once even when React runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || expectedState === null || cancelled) return;
    started.current = true;
    forgetExpectedState();
    complete.mutate(
      { search, expectedState },
      {
        onSuccess: ({ returnUrl }) => {
          setPhase({ name: 'success' });
          window.setTimeout(
            () => navigate(isOwnPath(returnUrl) ? returnUrl : '/'),
            CALLBACK_REDIRECT_DELAY_MS.success,
          );
        },
        onError: (error) =>
          setPhase({ name: 'failure', message: formatMessage(t, shopSignInErrorMessage(error)) }),
      },
    );
  }, [complete, search, expectedState, cancelled, navigate, t]);

  return <SignInStatus phase={shown} onBack={() => navigate('/login')} />;
}
