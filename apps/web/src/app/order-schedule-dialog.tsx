import { useQueryClient } from '@tanstack/react-query';
import { effectiveDuration } from '@service-portal/shared/schedule';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { postcodeOf } from '@service-portal/shared/schedule';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { NO_DEFAULT_DURATIONS } from '@service-portal/shared/pricing';
import { todayIn } from '@service-portal/shared/zoned-days';
import { usePricing } from '../features/pricing/api/get-pricing.ts';
import { ScheduleDialog } from '../features/schedule/components/schedule-dialog.tsx';
import { serviceOrderQueryOptions } from '../features/service-orders/api/get-service-order.ts';
import { displayTimeZone } from '../lib/time-zone.ts';
import { useTechnicianLookup } from './lookups.ts';

/**
 * The order page's "Schedule…" (issue 25): the board's dialog for this order, its duration counted
 * as the board counts it (its estimate, else the pricing default). Loaded on first use.
 */
export function OrderScheduleDialog({
  order,
  onClose,
  onChanged,
  onScheduled,
}: {
  order: ServiceOrder;
  onClose: () => void;
  /** After the order's fresh copy is in the cache: the page shows the new date and technician. */
  onChanged?: () => void;
  /** After a date was given or moved: the page offers to tell the customer (as the board does). */
  onScheduled?: (card: ScheduleCard) => void;
}) {
  const pricing = usePricing();
  const technicians = useTechnicianLookup();
  const queryClient = useQueryClient();
  const duration = effectiveDuration(
    { estimatedMinutes: order.estimatedMinutes ?? null, serviceType: order.serviceType },
    { ...NO_DEFAULT_DURATIONS, ...pricing.data?.defaultDurations },
  );
  const card: ScheduleCard = {
    id: order.id,
    orderNumber: order.orderNumber,
    title: order.title,
    priority: order.priority,
    serviceType: order.serviceType,
    status: order.status,
    customerName: order.customerName,
    customerAddress: order.customerAddress,
    postcode: postcodeOf(order.customerAddress),
    createdAt: order.createdAt,
    technicianId: order.assignedTechnicianId,
    date: order.scheduledDate,
    start: order.scheduledStart ?? null,
    durationMinutes: duration?.minutes ?? null,
    durationIsDefault: duration?.isDefault ?? false,
    version: order.version,
  };
  const refresh = () =>
    void queryClient
      .fetchQuery({ ...serviceOrderQueryOptions(order.id), staleTime: 0 })
      .then(() => onChanged?.())
      .catch(() => undefined);
  return (
    <ScheduleDialog
      card={pricing.isPending ? null : card}
      technicians={technicians.options.map((option) => ({
        id: option.value,
        fullName: option.label,
        isActive: true,
      }))}
      today={todayIn(displayTimeZone())}
      onClose={onClose}
      onScheduled={(scheduled) => {
        refresh();
        onScheduled?.(scheduled);
      }}
      onUnscheduled={refresh}
    />
  );
}
