import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { ConversationPanel } from '../../features/communications/components/conversation-panel.tsx';
import { useServiceOrder } from '../../features/service-orders/api/get-service-order.ts';
import { ServiceOrderScreen } from '../../features/service-orders/components/service-order-screen.tsx';
import { OrderTotalsCard } from '../../features/work-logs/components/order-totals-card.tsx';
import { WorkLogPanel } from '../../features/work-logs/components/work-log-panel.tsx';
import { STAFF_MANAGERS, isAllowed } from '@service-portal/shared/access';
import { useTechnicianLookup, useWarehouseLocationLookup } from '../lookups.ts';

export default function ServiceOrderRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const technicians = useTechnicianLookup();
  const warehouseLocations = useWarehouseLocationLookup();
  // Same query (and cache entry) as the order screen's; the conversation shows once the order is there.
  const order = useServiceOrder(id);
  return (
    <Stack gap="lg">
      <ServiceOrderScreen
        key={id}
        id={id}
        actor={user}
        technicians={technicians}
        warehouseLocations={warehouseLocations}
      />
      {order.data !== undefined && (
        <>
          <WorkLogPanel
            key={`work-logs-${id}`}
            orderId={id}
            canSeePricing={isAllowed(user, STAFF_MANAGERS)}
          />
          <OrderTotalsCard key={`totals-${id}`} orderId={id} orderVersion={order.data.version} />
        </>
      )}
      {order.data !== undefined && (
        <ConversationPanel
          key={`conversation-${id}`}
          orderId={id}
          order={order.data}
          partnerName={user.servicePartnerName}
        />
      )}
    </Stack>
  );
}
