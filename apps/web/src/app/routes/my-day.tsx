import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { MyDayScreen } from '../../features/schedule/components/my-day-screen.tsx';
import type { MyDaySlots } from '../../features/schedule/components/my-day-screen.tsx';
import { serviceOrderDetailsKey } from '../../features/service-orders/api/get-service-order.ts';
import { StatusChanger } from '../../features/service-orders/components/status-changer.tsx';
import { lazyWhenVisible } from '../../components/lazy-when-visible.tsx';

// Photos and the work-log timer of an order load when its details are opened (decision 035's way).
const ImageGallery = lazyWhenVisible(
  () => import('../../features/images/components/image-gallery.tsx').then((m) => m.ImageGallery),
  150,
);
const WorkLogPanel = lazyWhenVisible(
  () => import('../../features/work-logs/components/work-log-panel.tsx').then((m) => m.WorkLogPanel),
  150,
);

/** The technician's day (issue 25 §4): the schedule's list with the order features' parts. */
export default function MyDayRoute() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const slots: MyDaySlots = {
    status: (order, onChanged) => (
      <StatusChanger
        order={order}
        actor={user}
        onChanged={() => {
          onChanged();
          void queryClient.invalidateQueries({ queryKey: serviceOrderDetailsKey });
        }}
      />
    ),
    photos: (orderId) => <ImageGallery key={`images-${orderId}`} orderId={orderId} />,
    workLog: (orderId) => <WorkLogPanel key={`work-logs-${orderId}`} orderId={orderId} />,
  };
  return <MyDayScreen slots={slots} />;
}
