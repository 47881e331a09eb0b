import { lazy, Suspense, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { orderCommunicationsKey } from '../../features/communications/api/keys.ts';
import { usePricing } from '../../features/pricing/api/get-pricing.ts';
import { useServiceOrder } from '../../features/service-orders/api/get-service-order.ts';
import { ServiceOrderScreen } from '../../features/service-orders/components/service-order-screen.tsx';
import { lazyWhenVisible } from '../../components/lazy-when-visible.tsx';
import { STAFF_MANAGERS, isAllowed } from '@service-portal/shared/access';
import { DEFAULT_VAT_RATE } from '@service-portal/shared/pricing';
import { useTechnicianLookup, useWarehouseLocationLookup } from '../lookups.ts';
import { WithOrderFormSlots } from '../order-form-slots.tsx';
import { HistorySection } from '../history-section.tsx';

// The panels below the order's form: each downloads when the reader scrolls near it (decision 035).
// The heights are about each panel's when nearly empty, so the page does not jump as they arrive.
const WorkLogPanel = lazyWhenVisible(
  () => import('../../features/work-logs/components/work-log-panel.tsx').then((m) => m.WorkLogPanel),
  150,
);
const OrderTotalsCard = lazyWhenVisible(
  () => import('../../features/work-logs/components/order-totals-card.tsx').then((m) => m.OrderTotalsCard),
  120,
);
const TimePerTechnicianCard = lazyWhenVisible(
  () =>
    import('../../features/work-logs/components/time-per-technician-card.tsx').then(
      (m) => m.TimePerTechnicianCard,
    ),
  120,
);
const ShopOrderPanel = lazyWhenVisible(
  () => import('../../features/shop-orders/components/shop-order-panel.tsx').then((m) => m.ShopOrderPanel),
  140,
);
const ImageGallery = lazyWhenVisible(
  () => import('../../features/images/components/image-gallery.tsx').then((m) => m.ImageGallery),
  150,
);
const UploadLinksPanel = lazyWhenVisible(
  () =>
    import('../../features/upload-links/components/upload-links-panel.tsx').then((m) => m.UploadLinksPanel),
  250,
);
const EstimatesPanel = lazyWhenVisible(
  () => import('../../features/estimates/components/estimates-panel.tsx').then((m) => m.EstimatesPanel),
  120,
);
// The board's dialog, with its pricing read, loads when "Schedule…" is first pressed.
const NotifyPrompt = lazy(() =>
  import('../../features/schedule/components/notify-prompt.tsx').then((m) => ({ default: m.NotifyPrompt })),
);
const OrderScheduleDialog = lazy(() =>
  import('../order-schedule-dialog.tsx').then((m) => ({ default: m.OrderScheduleDialog })),
);
const ConversationPanel = lazyWhenVisible(
  () =>
    import('../../features/communications/components/conversation-panel.tsx').then(
      (m) => m.ConversationPanel,
    ),
  300,
);

export default function ServiceOrderRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const technicians = useTechnicianLookup();
  const warehouseLocations = useWarehouseLocationLookup();
  // Same query (and cache entry) as the order screen's; the conversation shows once the order is there.
  const order = useServiceOrder(id);
  const queryClient = useQueryClient();
  // The estimate's preview prices labour and VAT as the server will (pricing configuration).
  const pricing = usePricing();
  // A link to a message (the unread list) comes for the conversation: it loads at once.
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const toConversation = searchParams.has('communication') || hash === '#conversation';
  const { t } = useTranslation();
  const [scheduling, setScheduling] = useState(false);
  // The order just scheduled or moved here: "Tell the customer" is offered for its new date.
  const [notifyCard, setNotifyCard] = useState<ScheduleCard | null>(null);
  // Bumped after the "Schedule…" dialog changed the order: the form loads the fresh copy and keeps
  // what was typed on top of it.
  const [revision, setRevision] = useState(0);
  const canSchedule = isAllowed(user, STAFF_MANAGERS) && order.data !== undefined;
  return (
    <Stack gap="lg">
      <Group justify="flex-end" mb={-16}>
        <Button component={Link} to={`/service-orders/${encodeURIComponent(id)}/report`} variant="light">
          {t('serviceReports.open')}
        </Button>
        {canSchedule && (
          <Button
            variant="light"
            leftSection={<IconCalendarEvent size={18} aria-hidden="true" />}
            onClick={() => setScheduling(true)}
          >
            {t('serviceOrders.schedule.button')}
          </Button>
        )}
      </Group>
      {scheduling && order.data !== undefined && (
        <Suspense fallback={null}>
          <OrderScheduleDialog
            order={order.data}
            onClose={() => setScheduling(false)}
            onChanged={() => setRevision((n) => n + 1)}
            onScheduled={setNotifyCard}
          />
        </Suspense>
      )}
      {notifyCard !== null && (
        <Suspense fallback={null}>
          <NotifyPrompt
            key={`${notifyCard.id}:${notifyCard.version}`}
            card={notifyCard}
            onDismiss={() => setNotifyCard(null)}
            onSent={() =>
              void queryClient.invalidateQueries({ queryKey: orderCommunicationsKey(notifyCard.id) })
            }
          />
        </Suspense>
      )}
      <WithOrderFormSlots orderId={id}>
        <ServiceOrderScreen
          key={id}
          id={id}
          changedElsewhere={revision}
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
            technicians={technicians.options}
          />
          <OrderTotalsCard key={`totals-${id}`} orderId={id} orderVersion={order.data.version} />
          <TimePerTechnicianCard key={`work-time-${id}`} subject={{ orderId: id }} />
          <ShopOrderPanel
            key={`shop-order-${id}`}
            serviceOrderId={id}
            orderNumber={order.data.orderNumber}
            partCount={order.data.spareParts.length}
          />
          <EstimatesPanel
            key={`estimates-${id}`}
            orderId={id}
            pricing={
              pricing.data
                ? {
                    hourlyRateMinor: pricing.data.defaultHourlyRate,
                    vatRate: pricing.data.vatRate ?? DEFAULT_VAT_RATE,
                    currency: pricing.data.currency,
                  }
                : null
            }
            parts={order.data.spareParts}
            // The estimate goes out as a message in the order's conversation.
            onSent={(orderId) =>
              void queryClient.invalidateQueries({ queryKey: orderCommunicationsKey(orderId) })
            }
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
          immediate={toConversation}
          key={`conversation-${id}`}
          orderId={id}
          order={order.data}
          partnerName={user.servicePartnerName}
        />
      )}
      {order.data !== undefined && (
        // Who changed what on the order and its lines, work logs, messages and images.
        <HistorySection
          key={`history-${id}`}
          target={{ subject: 'service_orders', id }}
          currency={order.data.currency}
        />
      )}
    </Stack>
  );
}
