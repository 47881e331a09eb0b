import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { BULK_UNDO_MINUTES } from '@service-portal/shared/service-orders';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import { serviceOrderStatusHistory as h } from '../../db/schema/service-orders.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ServiceOrdersRepository } from './service-orders.repository.ts';
import type { Actor } from './service-orders.ports.ts';

type OrderEvents = (
  tx: Db,
  scope: TenantScope,
  id: string,
  change: { fromStatus?: ServiceOrderStatus; toStatus?: ServiceOrderStatus },
) => Promise<void>;

const cannotUndo = (orderNumber: string) =>
  new AppError(
    'invalid_transition',
    409,
    `The change of order ${orderNumber} can no longer be undone (it changed since, or ${BULK_UNDO_MINUTES} minutes passed).`,
  );

/**
 * Undo of a bulk status change (issue 31 item 8, decision 069): puts each order back to the status
 * it had, all or nothing, when the order's last status change is the caller's own move to `status`
 * within BULK_UNDO_MINUTES. It bypasses the transition rules (cancelled → scheduled is no normal
 * move) because it only takes back what the same person just did; the history keeps both steps.
 */
export function createBulkUndo(repo: ServiceOrdersRepository, orderEvents: OrderEvents) {
  return {
    async bulkUndoStatus(
      scope: TenantScope,
      actor: Actor,
      body: { orderIds: string[]; status: ServiceOrderStatus },
    ): Promise<{ updated: number }> {
      const ids = [...new Set(body.orderIds)];
      return repo.transaction(async (tx) => {
        const rows = await repo.lockForBulk(scope, ids, tx);
        if (rows.length !== ids.length) throw notFound('Service order');
        const history = await tx
          .select({
            orderId: h.serviceOrderId,
            fromStatus: h.fromStatus,
            toStatus: h.toStatus,
            changedBy: h.changedBy,
            // The database's clock wrote changed_at, so the window is measured on it too.
            recent: sql<boolean>`${h.changedAt} >= now() - ${sql.raw(`interval '${BULK_UNDO_MINUTES} minutes'`)}`,
          })
          .from(h)
          .where(and(eq(h.servicePartnerId, scope.partnerId), inArray(h.serviceOrderId, ids)))
          .orderBy(desc(h.changedAt), desc(h.id));
        const last = new Map<string, (typeof history)[number]>();
        for (const entry of history) if (!last.has(entry.orderId)) last.set(entry.orderId, entry);
        const back = new Map<ServiceOrderStatus, typeof rows>();
        for (const row of rows) {
          const entry = last.get(row.id);
          if (
            row.status !== body.status ||
            !entry?.fromStatus ||
            entry.toStatus !== body.status ||
            entry.changedBy !== actor.id ||
            !entry.recent
          )
            throw cannotUndo(row.orderNumber);
          back.set(entry.fromStatus, [...(back.get(entry.fromStatus) ?? []), row]);
        }
        let updated = 0;
        for (const [status, group] of back) {
          const groupIds = group.map((r) => r.id);
          updated += await repo.bulkSetStatus(scope, groupIds, status, null, tx);
          await repo.insertHistory(
            scope,
            group.map((r) => ({
              orderId: r.id,
              fromStatus: body.status,
              toStatus: status,
              changedBy: actor.id,
              note: 'Undone',
            })),
            tx,
          );
          for (const r of group)
            await orderEvents(tx, scope, r.id, { fromStatus: body.status, toStatus: status });
        }
        return { updated };
      });
    },
  };
}
