import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { CustomerDetail } from '../../features/customers/components/customer-detail.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';

export default function CustomerRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return <CustomerDetail key={id} id={id} canMerge={isAllowed(user, STAFF_MANAGERS)} />;
}
