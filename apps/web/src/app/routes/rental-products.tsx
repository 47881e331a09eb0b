import { hasRole } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { RentalProductsScreen } from '../../features/rentals/components/rental-products-screen.tsx';

// The catalogue product picker (`catalogProductPicker`) is composed here once the products
// feature offers one (CONTRACTS.md: the lead wires it at merge).
export default function RentalProductsRoute() {
  const user = useCurrentUser();
  return <RentalProductsScreen canManage={hasRole(user, 'ServiceManager')} />;
}
