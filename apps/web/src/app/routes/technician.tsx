import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import {
  RelatedOrders,
  usePrefetchRelatedOrders,
} from '../../features/service-orders/components/related-orders.tsx';
import { TechnicianDetail } from '../../features/technicians/components/technician-detail.tsx';

const COLUMNS = ['orderNumber', 'title', 'customer', 'status'] as const;

export default function TechnicianRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  usePrefetchRelatedOrders({ assignedTechnicianId: id });
  return (
    <TechnicianDetail
      key={id}
      id={id}
      canManage={isAllowed(user, STAFF_MANAGERS)}
      orders={({ key, completedOnly, empty }) => (
        <RelatedOrders
          key={key}
          filter={{ assignedTechnicianId: id, ...(completedOnly ? { status: ['completed'] } : {}) }}
          columns={COLUMNS}
          empty={empty}
        />
      )}
    />
  );
}
