// The order list's spreadsheet export, streamed (a part of the orders service, apart for size).
import { PassThrough, type Readable } from 'node:stream';
import { hasRole } from '@service-portal/shared/access';
import type { ServiceOrderExportQuery } from '@service-portal/shared/service-orders';
import { todayIn } from '@service-portal/shared/zoned-days';
import type { TenantScope } from '../../db/tenant.ts';
import { firstRead, writeOrdersWorkbook } from './service-orders.export.ts';
import { listFilters } from './service-orders.filters.ts';
import type { Actor } from './service-orders.ports.ts';
import type { ServiceOrdersRepository } from './service-orders.repository.ts';

export function createOrderExport(repo: ServiceOrdersRepository, now: () => Date) {
  return {
    /**
     * The spreadsheet of the filtered list, streamed. Internal notes go in only when asked for by
     * an Administrator or ServiceManager (product.md: internal notes stay with staff).
     */
    async exportWorkbook(
      scope: TenantScope,
      actor: Actor,
      query: ServiceOrderExportQuery,
      onError: (err: unknown) => void,
    ): Promise<{ filename: string; stream: Readable }> {
      const timeZone = await repo.partnerTimeZone(scope);
      const out = new PassThrough();
      const includeInternalNotes = query.includeInternalNotes && hasRole(actor, 'ServiceManager');
      // The first batch is read before any byte is sent: if the database fails there (gone, too
      // slow), the caller gets an error answer instead of a download cut at its first byte.
      const batches = await firstRead(
        repo.exportBatches(scope, listFilters(query), query.sortDirection, {
          internalNotes: includeInternalNotes,
        }),
      );
      writeOrdersWorkbook(out, batches, { includeInternalNotes, timeZone }).catch((err: unknown) => {
        // The headers are gone already: cut the download short so the client sees it failed.
        onError(err);
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return { filename: `service-orders-${todayIn(timeZone, now())}.xlsx`, stream: out };
    },
  };
}
