import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasRole } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { RentalProductsScreen } from '../../features/rentals/components/rental-products-screen.tsx';

// The picker shows only inside the unit dialog, so it loads with it (issue 18: weight).
const RelatedProductField = lazy(() =>
  import('../../features/products/components/catalogue-picker.tsx').then((m) => ({
    default: m.RelatedProductField,
  })),
);

// A rental unit may name the catalogue product it is: the products feature's picker.
export default function RentalProductsRoute() {
  const user = useCurrentUser();
  const { t } = useTranslation();
  return (
    <RentalProductsScreen
      canManage={hasRole(user, 'ServiceManager')}
      historyHref={(id) => `/history/rental_products/${id}`}
      catalogProductPicker={({ value, onChange }) => (
        <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
          <RelatedProductField value={value} onChange={onChange} />
        </Suspense>
      )}
    />
  );
}
