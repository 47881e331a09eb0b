import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { TechniciansScreen } from '../../features/technicians/components/technicians-screen.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';

export default function TechniciansRoute() {
  const user = useCurrentUser();
  return <TechniciansScreen canManage={isAllowed(user, STAFF_MANAGERS)} />;
}
