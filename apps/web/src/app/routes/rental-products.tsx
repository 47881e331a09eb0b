import { hasRole } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { RelatedProductField } from '../../features/products/components/catalogue-picker.tsx';
import { RentalProductsScreen } from '../../features/rentals/components/rental-products-screen.tsx';

// A rental unit may name the catalogue product it is: the products feature's picker.
export default function RentalProductsRoute() {
  const user = useCurrentUser();
  return (
    <RentalProductsScreen
      canManage={hasRole(user, 'ServiceManager')}
      catalogProductPicker={({ value, onChange }) => (
        <RelatedProductField value={value} onChange={onChange} />
      )}
    />
  );
}
