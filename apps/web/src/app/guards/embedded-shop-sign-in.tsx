import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { EmbeddedSignIn } from '../../features/shop-auth/components/embedded-sign-in.tsx';
import { CenteredCard } from './centered-card.tsx';

/**
 * Opened from the shop admin with a session token (`?id_token=` / `?shopifyJwt=`, or App Bridge's
 * `window.shopify.idToken()`), the app signs in by itself before any route decides where to go.
 */
export function EmbeddedShopSignIn() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const routerNavigate = useNavigate();
  const navigate = useCallback(
    (to: string, options: { replace: true }) => void routerNavigate(to, options),
    [routerNavigate],
  );
  return (
    <EmbeddedSignIn
      location={location}
      // Holding a session of ours already, App Bridge is not asked (a token in the URL still is).
      signedIn={auth.status !== 'unauthenticated'}
      navigate={navigate}
      frame={(node) => <CenteredCard title={t('auth.login.title')}>{node}</CenteredCard>}
    >
      <Outlet />
    </EmbeddedSignIn>
  );
}
