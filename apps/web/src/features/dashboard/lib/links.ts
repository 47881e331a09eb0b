import { TREND_GROUPS, type TrendGroup } from '@service-portal/shared/dashboard';
import type { ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';

/** What a figure counts, as the order list's URL filters. */
export interface OrderListFilter {
  createdFrom?: string;
  createdTo?: string;
  completedFrom?: string;
  completedTo?: string;
  status?: readonly ServiceOrderStatus[];
  serviceType?: ServiceType;
  technician?: string;
}

/** The order list showing the orders a figure counts (the list reads the same URL parameters). */
export function orderListHref(filter: OrderListFilter): string {
  const params = new URLSearchParams();
  if (filter.status?.length) params.set('status', filter.status.join(','));
  if (filter.serviceType) params.set('serviceType', filter.serviceType);
  if (filter.technician) params.set('technician', filter.technician);
  if (filter.createdFrom) params.set('createdFrom', filter.createdFrom);
  if (filter.createdTo) params.set('createdTo', filter.createdTo);
  if (filter.completedFrom) params.set('completedFrom', filter.completedFrom);
  if (filter.completedTo) params.set('completedTo', filter.completedTo);
  const query = params.toString();
  return query ? `/service-orders?${query}` : '/service-orders';
}

export const created = (range: { from: string; to: string }) => ({
  createdFrom: range.from,
  createdTo: range.to,
});
export const completedIn = (range: { from: string; to: string }) => ({
  completedFrom: range.from,
  completedTo: range.to,
  status: ['completed'] as const,
});
export const groupStatuses = (group: TrendGroup): readonly ServiceOrderStatus[] => TREND_GROUPS[group];
