import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProperlyConfigured } from '@service-portal/shared/access';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { StartupErrorPage } from './startup-error-page.tsx';
import { NotConfiguredPage } from './not-configured-page.tsx';
import { pathOf } from './return-path.ts';
import type { LoginLocationState } from './return-path.ts';

/** Gate of every protected route (spec §2): signed in, and linked to a partner or a global admin. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  const { t } = useTranslation();

  switch (auth.status) {
    case 'loading':
      return <FullPageLoader label={t('app.loading')} />;
    case 'unauthenticated': {
      // After a deliberate sign-out the page is not remembered: the next person to sign in may be someone else.
      if (auth.signedOut) return <Navigate to="/login" replace />;
      const state: LoginLocationState = { from: pathOf(location) };
      return <Navigate to="/login" replace state={state} />;
    }
    case 'error':
      return <StartupErrorPage onRetry={auth.retry} />;
    case 'authenticated':
      return isProperlyConfigured(auth.user) ? <Outlet /> : <NotConfiguredPage />;
  }
}
