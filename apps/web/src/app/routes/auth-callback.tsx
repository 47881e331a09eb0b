import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ShopCallback } from '../../features/shop-auth/components/shop-callback.tsx';
import { CenteredCard } from '../guards/centered-card.tsx';

/** The shop platform's sign-in redirect lands here (spec §2 /auth/callback). */
export default function AuthCallbackRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const routerNavigate = useNavigate();
  const navigate = useCallback((to: string) => void routerNavigate(to, { replace: true }), [routerNavigate]);
  return (
    <CenteredCard title={t('screens.authCallback')}>
      <ShopCallback search={location.search} navigate={navigate} />
    </CenteredCard>
  );
}
