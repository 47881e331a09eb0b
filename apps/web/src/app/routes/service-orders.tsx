import { hasRole } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { ServiceOrderList } from '../../features/service-orders/components/service-order-list.tsx';
import { displayTimeZone } from '../../lib/time-zone.ts';
import { useTechnicianLookup } from '../lookups.ts';

export default function ServiceOrdersRoute() {
  const user = useCurrentUser();
  const technicians = useTechnicianLookup();
  return (
    <ServiceOrderList
      technicians={technicians}
      canExportInternalNotes={hasRole(user, 'ServiceManager')}
      timeZone={displayTimeZone()}
      actor={user}
    />
  );
}
