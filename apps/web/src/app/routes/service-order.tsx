import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { orderCommunicationsKey } from '../../features/communications/api/keys.ts';
import { ConversationPanel } from '../../features/communications/components/conversation-panel.tsx';
import { ImageGallery } from '../../features/images/components/image-gallery.tsx';
import { UploadLinksPanel } from '../../features/upload-links/components/upload-links-panel.tsx';
import { useServiceOrder } from '../../features/service-orders/api/get-service-order.ts';
import { ServiceOrderScreen } from '../../features/service-orders/components/service-order-screen.tsx';
import { ShopOrderPanel } from '../../features/shop-orders/components/shop-order-panel.tsx';
import { OrderTotalsCard } from '../../features/work-logs/components/order-totals-card.tsx';
import { WorkLogPanel } from '../../features/work-logs/components/work-log-panel.tsx';
import { STAFF_MANAGERS, isAllowed } from '@service-portal/shared/access';
import { useTechnicianLookup, useWarehouseLocationLookup } from '../lookups.ts';
import { WithOrderFormSlots } from '../order-form-slots.tsx';

export default function ServiceOrderRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const technicians = useTechnicianLookup();
  const warehouseLocations = useWarehouseLocationLookup();
  // Same query (and cache entry) as the order screen's; the conversation shows once the order is there.
  const order = useServiceOrder(id);
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg">
      <WithOrderFormSlots>
        <ServiceOrderScreen
          key={id}
          id={id}
          actor={user}
          technicians={technicians}
          warehouseLocations={warehouseLocations}
        />
      </WithOrderFormSlots>
      {order.data !== undefined && (
        <>
          <WorkLogPanel
            key={`work-logs-${id}`}
            orderId={id}
            canSeePricing={isAllowed(user, STAFF_MANAGERS)}
          />
          <OrderTotalsCard key={`totals-${id}`} orderId={id} orderVersion={order.data.version} />
          <ShopOrderPanel
            key={`shop-order-${id}`}
            serviceOrderId={id}
            orderNumber={order.data.orderNumber}
            partCount={order.data.spareParts.length}
          />
          <ImageGallery key={`images-${id}`} orderId={id} />
          <UploadLinksPanel
            key={`upload-links-${id}`}
            orderId={id}
            // The link goes out as a message in the order's conversation.
            onSent={(orderId) =>
              void queryClient.invalidateQueries({ queryKey: orderCommunicationsKey(orderId) })
            }
          />
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
