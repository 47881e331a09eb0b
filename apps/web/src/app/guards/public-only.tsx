import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { returnPathFrom } from './return-path.ts';

/** The sign-in page: a signed-in visitor goes on to where they were heading (or the dashboard). */
export function PublicOnly() {
  const auth = useAuth();
  const location = useLocation();
  const { t } = useTranslation();

  if (auth.status === 'loading') return <FullPageLoader label={t('app.loading')} />;
  if (auth.status === 'authenticated') return <Navigate to={returnPathFrom(location.state)} replace />;
  return <Outlet />;
}
