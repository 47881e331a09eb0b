import type { SparePart } from '@service-portal/shared/service-orders';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ServiceOrdersRepository } from './service-orders.repository.ts';
import type { SparePartInputParsed } from './service-orders.spare-parts.repository.ts';

const ORDER = 'Service order';
const SPARE_PART = 'Spare part';

const versionConflict = () =>
  new AppError(
    'version_conflict',
    409,
    'The spare part line was changed by someone else. Reload it and try again.',
  );

/** The per-line routes of an order's spare parts; part of the service-orders service. */
export function createSparePartLineRules(
  repo: Pick<
    ServiceOrdersRepository,
    | 'transaction'
    | 'exists'
    | 'touch'
    | 'listSpareParts'
    | 'getSparePart'
    | 'addSparePart'
    | 'updateSparePartIfVersion'
    | 'deleteSparePart'
  >,
) {
  return {
    // --- spare parts -------------------------------------------------------------------------------
    // One write path: these per-line routes and the order's PUT (`spareParts`, reconciled by line
    // id) write lines through the same repository code, and line ids never change. Adding,
    // changing or removing a line bumps the order's version too: a form open elsewhere may send
    // the whole `spareParts` list, and must get a conflict (and merge its own edits on the latest
    // copy) rather than silently undo this change; the PUT in turn bumps the versions of the lines
    // it changes, so a per-line edit read before it gets a conflict too.

    async listSpareParts(scope: TenantScope, orderId: string): Promise<SparePart[]> {
      if (!(await repo.exists(scope, orderId))) throw notFound(ORDER);
      return repo.listSpareParts(scope, orderId);
    },

    async getSparePart(scope: TenantScope, orderId: string, partId: string): Promise<SparePart> {
      const part = await repo.getSparePart(scope, orderId, partId);
      if (!part) throw notFound(SPARE_PART);
      return part;
    },

    async addSparePart(scope: TenantScope, orderId: string, line: SparePartInputParsed): Promise<SparePart> {
      return repo.transaction(async (tx) => {
        if (!(await repo.touch(scope, orderId, tx))) throw notFound(ORDER);
        return repo.addSparePart(scope, orderId, line, tx);
      });
    },

    async updateSparePart(
      scope: TenantScope,
      orderId: string,
      partId: string,
      input: SparePartInputParsed & { version: number },
    ): Promise<SparePart> {
      const { version, ...line } = input;
      return repo.transaction(async (tx) => {
        // The order first, then the line: the order's PUT locks them in that order too.
        if (!(await repo.touch(scope, orderId, tx))) throw notFound(SPARE_PART);
        const updated = await repo.updateSparePartIfVersion(scope, orderId, partId, version, line, tx);
        if (!updated) {
          if (!(await repo.getSparePart(scope, orderId, partId, tx))) throw notFound(SPARE_PART);
          throw versionConflict();
        }
        return updated;
      });
    },

    async removeSparePart(scope: TenantScope, orderId: string, partId: string): Promise<void> {
      await repo.transaction(async (tx) => {
        if (!(await repo.touch(scope, orderId, tx))) throw notFound(SPARE_PART);
        if (!(await repo.deleteSparePart(scope, orderId, partId, tx))) throw notFound(SPARE_PART);
      });
    },
  };
}
