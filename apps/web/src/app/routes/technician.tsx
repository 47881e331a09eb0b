import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { TechnicianDetail } from '../../features/technicians/components/technician-detail.tsx';

export default function TechnicianRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return <TechnicianDetail key={id} id={id} canManage={isAllowed(user, STAFF_MANAGERS)} />;
}
