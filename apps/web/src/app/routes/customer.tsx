import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { CustomerDetail } from '../../features/customers/components/customer-detail.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import {
  RelatedOrders,
  usePrefetchRelatedOrders,
} from '../../features/service-orders/components/related-orders.tsx';

const COLUMNS = ['orderNumber', 'title', 'status', 'created'] as const;

export default function CustomerRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  usePrefetchRelatedOrders({ customerId: id });
  return (
    <CustomerDetail
      key={id}
      id={id}
      canMerge={isAllowed(user, STAFF_MANAGERS)}
      orders={({ empty }) => <RelatedOrders filter={{ customerId: id }} columns={COLUMNS} empty={empty} />}
    />
  );
}
