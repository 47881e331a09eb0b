import {
  PRIORITIES,
  SERVICE_ORDER_STATUSES,
  SERVICE_TYPES,
  WAITING_STATUSES,
  type ServiceOrderListItem,
  type ServiceOrderStats,
  type ServiceOrderStatus,
} from '@service-portal/shared/service-orders';
import type { SearchHit } from '@service-portal/shared/search';
import type { SerialEvent } from '@service-portal/shared/serial-history';
import type { TenantScope } from '../../db/tenant.ts';
import type { ServiceOrdersRepository } from './service-orders.repository.ts';

/**
 * The reads other features ask of the orders (global search, the dashboard's figures and the
 * stats, communications' contact lookups, serial-number history); part of the service-orders
 * service.
 */
export function createServiceOrderReads(
  repo: Pick<
    ServiceOrdersRepository,
    | 'globalSearch'
    | 'partnerTimeZone'
    | 'createdInPeriod'
    | 'technicianFigures'
    | 'countInStatuses'
    | 'countsByGroup'
    | 'windowStats'
    | 'findState'
    | 'findByContactAcrossPartners'
    | 'ordersOfSerial'
    | 'bySerial'
  >,
  now: () => Date,
) {
  return {
    /** POST /service-orders/global-search: the orders of the global search, as list rows. */
    async globalSearch(scope: TenantScope, query: string, limit: number): Promise<ServiceOrderListItem[]> {
      const rows = await repo.globalSearch(scope, query, limit);
      return rows.map(({ exact: _exact, ...row }) => row);
    },

    /** The orders' part of the global search (GET/POST /search/global): exact matches first. */
    async searchHits(scope: TenantScope, text: string, limit: number): Promise<SearchHit[]> {
      const rows = await repo.globalSearch(scope, text, limit);
      return rows.map((row) => ({
        id: row.id,
        name: `${row.orderNumber} · ${row.title}`,
        subtitle: [row.customerName, row.serialNumber].filter(Boolean).join(' · ') || null,
        exact: row.exact,
      }));
    },

    /** For the dashboard: the partner's time zone (product.md: figures are in it). */
    timeZone(scope: TenantScope): Promise<string> {
      return repo.partnerTimeZone(scope);
    },

    /** For the dashboard: orders created in its days per status, type and trend bucket. */
    createdInPeriod(scope: TenantScope, firstDay: string, lastDay: string, bucketDays: readonly string[]) {
      return repo.createdInPeriod(scope, firstDay, lastDay, bucketDays);
    },

    /** For the dashboard: per technician, orders created and orders completed in its days. */
    technicianFigures(scope: TenantScope, firstDay: string, lastDay: string) {
      return repo.technicianFigures(scope, firstDay, lastDay);
    },

    /** For the dashboard: how many orders are in these statuses now. */
    countInStatuses(scope: TenantScope, statuses: readonly ServiceOrderStatus[]) {
      return repo.countInStatuses(scope, statuses);
    },

    async stats(scope: TenantScope): Promise<ServiceOrderStats> {
      const since = new Date(now().getTime() - 30 * 24 * 60 * 60_000);
      const [groups, window] = await Promise.all([repo.countsByGroup(scope), repo.windowStats(scope, since)]);
      const zeros = <K extends string>(keys: readonly K[]) =>
        Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
      const byStatus = zeros(SERVICE_ORDER_STATUSES);
      const byPriority = zeros(PRIORITIES);
      const byServiceType = zeros(SERVICE_TYPES);
      let total = 0;
      let resolved = 0;
      let resolvedSeconds = 0;
      for (const g of groups) {
        total += g.n;
        resolved += g.resolved;
        resolvedSeconds += g.resolvedSeconds;
        byStatus[g.status] += g.n;
        byPriority[g.priority] += g.n;
        byServiceType[g.serviceType] += g.n;
      }
      const notCancelled = total - byStatus.cancelled;
      return {
        total,
        byStatus,
        byPriority,
        byServiceType,
        waitingForService: WAITING_STATUSES.reduce((sum, s) => sum + byStatus[s], 0),
        open: total - byStatus.completed - byStatus.cancelled,
        completedLast30Days: window.completedSince,
        createdLast30Days: window.createdSince,
        completionRate: notCancelled === 0 ? 0 : byStatus.completed / notCancelled,
        averageResolutionHours:
          resolved === 0 ? null : Math.round((resolvedSeconds / resolved / 3600) * 100) / 100,
      };
    },

    /** For communications: the order's customer contact, or null when it is not the partner's. */
    async contactOf(scope: TenantScope, id: string) {
      const state = await repo.findState(scope, id);
      if (!state) return null;
      const {
        id: orderId,
        orderNumber,
        status,
        customerId,
        customerName,
        customerEmail,
        customerPhone,
      } = state;
      return { id: orderId, orderNumber, status, customerId, customerName, customerEmail, customerPhone };
    },

    /**
     * For inbound e-mail and SMS threading: every partner's orders whose customer has this e-mail
     * (any case) or a phone number with one of these digit forms, open ones first.
     */
    findByContact(contact: { email: string } | { phoneDigits: string[] }) {
      return repo.findByContactAcrossPartners(contact);
    },

    /** The orders of one serial number (for other features' serial-history events). */
    async ordersBySerial(scope: TenantScope, serial: string) {
      return repo.ordersOfSerial(scope, serial);
    },

    /** Service history by serial number: each order's creation, status changes and parts replaced. */
    async serialEvents(scope: TenantScope, serial: string): Promise<SerialEvent[]> {
      const { orders, history, parts } = await repo.bySerial(scope, serial);
      const byId = new Map(orders.map((x) => [x.id, x]));
      const ref = (id: string) => ({ serviceOrderId: id, orderNumber: byId.get(id)?.orderNumber ?? null });
      return [
        ...orders.map((x) => ({
          kind: 'order_created' as const,
          at: x.createdAt.toISOString(),
          title: x.title,
          detail: null,
          ...ref(x.id),
        })),
        // The first history entry (null → new) is the creation itself.
        ...history
          .filter((h) => h.fromStatus !== null)
          .map((h) => ({
            kind: 'status_changed' as const,
            at: h.changedAt.toISOString(),
            title: h.toStatus,
            detail: h.note,
            fromStatus: h.fromStatus,
            toStatus: h.toStatus,
            ...ref(h.serviceOrderId),
          })),
        ...parts.map((p) => ({
          kind: 'spare_part' as const,
          at: p.createdAt.toISOString(),
          title: p.partName,
          detail: `${p.partNumber} × ${p.quantity}`,
          ...ref(p.serviceOrderId),
        })),
      ];
    },
  };
}
