import {
  WAREHOUSE_MESSAGES,
  type WarehouseLocation,
  type WarehouseLocationListQuery,
  type WarehouseLocationOption,
} from '@service-portal/shared/warehouse-locations';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type {
  WarehouseLocationRow,
  WarehouseLocationsRepository,
  WarehouseLocationValues,
  WriteMiss,
} from './warehouse-locations.repository.ts';

export const WAREHOUSE_LOCATION_MESSAGES = {
  notFound: 'Warehouse location not found',
  inactive: 'This warehouse location is inactive',
} as const;

const LOCATION = 'Warehouse location';

const versionConflict = () =>
  new AppError(
    'version_conflict',
    409,
    'The warehouse location was changed by someone else. Reload it and try again.',
  );

/** A taken name also names the field, so the form can show it there. */
function missError(miss: WriteMiss): AppError {
  return miss === 'duplicate_name'
    ? new AppError('name_taken', 409, WAREHOUSE_MESSAGES.nameTaken, {
        errors: [{ path: 'name', message: WAREHOUSE_MESSAGES.nameTaken }],
      })
    : new AppError('in_use', 409, WAREHOUSE_MESSAGES.referenced);
}

function toLocation(row: WarehouseLocationRow): WarehouseLocation {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function createWarehouseLocationsService(repo: WarehouseLocationsRepository) {
  async function getRow(scope: TenantScope, id: string): Promise<WarehouseLocationRow> {
    const row = await repo.get(scope, id);
    if (!row) throw notFound(LOCATION);
    return row;
  }

  /** An update that changed nothing: a write miss, a vanished row (404) or a stale version. */
  async function settle(scope: TenantScope, id: string, result: WarehouseLocationRow | WriteMiss | null) {
    if (result === null) {
      await getRow(scope, id);
      throw versionConflict();
    }
    if (typeof result === 'string') throw missError(result);
    return toLocation(result);
  }

  return {
    async list(scope: TenantScope, query: WarehouseLocationListQuery) {
      const { items, total } = await repo.list(scope, query);
      return { items: items.map(toLocation), total, page: query.page, pageSize: query.pageSize };
    },

    async options(scope: TenantScope, include: string | undefined): Promise<WarehouseLocationOption[]> {
      return repo.options(scope, include);
    },

    async get(scope: TenantScope, id: string): Promise<WarehouseLocation> {
      return toLocation(await getRow(scope, id));
    },

    /** Names are unique per partner in any case: a friendly 409 first, the unique index as backstop. */
    async create(scope: TenantScope, input: Required<WarehouseLocationValues>): Promise<WarehouseLocation> {
      if (await repo.nameTaken(scope, input.name, null)) throw missError('duplicate_name');
      const result = await repo.insert(scope, input);
      if (typeof result === 'string') throw missError(result);
      return toLocation(result);
    },

    async update(
      scope: TenantScope,
      id: string,
      input: WarehouseLocationValues & { version: number },
    ): Promise<WarehouseLocation> {
      const { version, ...values } = input;
      const current = await getRow(scope, id);
      if (current.version !== version) throw versionConflict();
      if (await repo.nameTaken(scope, values.name, id)) throw missError('duplicate_name');
      return settle(scope, id, await repo.updateIfVersion(scope, id, version, values));
    },

    async setStatus(
      scope: TenantScope,
      id: string,
      input: { isActive: boolean; version: number },
    ): Promise<WarehouseLocation> {
      return settle(
        scope,
        id,
        await repo.updateIfVersion(scope, id, input.version, { isActive: input.isActive }),
      );
    },

    /**
     * Refused while any order references the location (spec §8's message, word for word). The
     * check and the delete share one transaction holding the location's row lock, so an order
     * cannot be pointed at it in between; the RESTRICT foreign key is the backstop.
     */
    async remove(scope: TenantScope, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        if (!(await repo.lock(scope, id, tx))) throw notFound(LOCATION);
        if (await repo.isReferenced(scope, id, tx)) throw missError('referenced');
        const result = await repo.delete(scope, id, tx);
        if (typeof result === 'string') throw missError(result);
        if (!result) throw notFound(LOCATION);
      });
    },

    /**
     * A new assignment must name an active location of the caller's partner. An order keeps a
     * location that was deactivated after it was assigned; only choosing it anew is refused.
     */
    async assertUsable(
      scope: TenantScope,
      id: string,
      path = 'warehouseLocationId',
    ): Promise<WarehouseLocationRow> {
      const location = await repo.get(scope, id);
      const message = !location
        ? WAREHOUSE_LOCATION_MESSAGES.notFound
        : !location.isActive
          ? WAREHOUSE_LOCATION_MESSAGES.inactive
          : null;
      if (message || !location) {
        throw new AppError('validation_failed', 400, 'The request is not valid.', {
          errors: [{ path, message: message ?? WAREHOUSE_LOCATION_MESSAGES.notFound }],
        });
      }
      return location;
    },
  };
}

export type WarehouseLocationsService = ReturnType<typeof createWarehouseLocationsService>;
