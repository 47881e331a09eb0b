import { hasRole } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { RentalsListScreen } from '../../features/rentals/components/rentals-list-screen.tsx';
import { customerPicker } from '../rental-slots.tsx';

export default function ActiveRentalsRoute() {
  const user = useCurrentUser();
  return (
    <RentalsListScreen
      customerPicker={customerPicker}
      key="active"
      mode="active"
      canManage={hasRole(user, 'ServiceManager')}
      historyHref={(id) => `/history/rentals/${id}`}
    />
  );
}
