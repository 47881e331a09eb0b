import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMessage, shopSignInErrorMessage } from '../../../lib/api-errors.ts';
import { useVerifySessionToken } from '../api/verify-session-token.ts';
import { SignInStatus, type SignInPhase } from './sign-in-status.tsx';
import { SESSION_TOKEN_PARAMS } from '../session-token.ts';

interface AppBridge {
  idToken?: () => Promise<string>;
}

/** The session token the shop admin opened us with: from the URL, else from App Bridge when present. */
export async function findSessionToken(search: string, signedIn: boolean): Promise<string | null> {
  const params = new URLSearchParams(search);
  for (const name of SESSION_TOKEN_PARAMS) {
    const value = params.get(name);
    if (value) return value;
  }
  // Inside the shop admin App Bridge offers a fresh token; outside it, window.shopify is not there.
  const bridge = (window as unknown as { shopify?: AppBridge }).shopify;
  if (signedIn || typeof bridge?.idToken !== 'function') return null;
  try {
    return await bridge.idToken();
  } catch {
    return null;
  }
}

/** The same address without the token parameters (a token must not stay in the history). */
export function withoutSessionToken(path: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  for (const name of SESSION_TOKEN_PARAMS) params.delete(name);
  const rest = params.toString();
  return `${path}${rest ? `?${rest}` : ''}${hash}`;
}

/**
 * Opened inside the shop admin with a session token, the app signs in by itself (POST
 * /auth/verify-jwt, method "shopify") and then shows the page asked for; without one it shows it
 * at once.
 */
export function EmbeddedSignIn({
  location,
  signedIn,
  navigate,
  frame = (node) => node,
  children,
}: {
  location: { pathname: string; search: string; hash: string };
  signedIn: boolean;
  navigate: (to: string, options: { replace: true }) => void;
  /** Draws the sign-in states inside the page frame the app uses for sign-in. */
  frame?: (node: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const verify = useVerifySessionToken();
  const inUrl = SESSION_TOKEN_PARAMS.some((name) => new URLSearchParams(location.search).has(name));
  const [phase, setPhase] = useState<SignInPhase | null>(inUrl ? { name: 'processing' } : null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const clean = withoutSessionToken(location.pathname, location.search, location.hash);
    void findSessionToken(location.search, signedIn).then((token) => {
      if (token === null) {
        setPhase(null);
        return;
      }
      setPhase({ name: 'processing' });
      verify.mutate(token, {
        onSuccess: () => {
          setPhase(null);
          navigate(clean, { replace: true });
        },
        onError: (error) => {
          // The reason stays until the user goes back to sign in (issue 31).
          setPhase({ name: 'failure', message: formatMessage(t, shopSignInErrorMessage(error)) });
        },
      });
    });
  }, [location, signedIn, navigate, verify, t]);

  if (phase === null) return <>{children}</>;
  const back = () => {
    setPhase(null);
    navigate('/login', { replace: true });
  };
  return <>{frame(<SignInStatus phase={phase} onBack={back} />)}</>;
}
