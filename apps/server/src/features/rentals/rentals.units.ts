import type {
  RentalProduct,
  RentalProductListQuery,
  RentalProductOption,
  RentalProductValues,
} from '@service-portal/shared/rentals';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { missError, versionConflict } from './rentals.errors.ts';
import type { RentalProductRow, RentalsRepository } from './rentals.repository.ts';

const PRODUCT = 'Rental product';

function presentProduct(row: RentalProductRow): RentalProduct {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    condition: row.condition,
    isActive: row.isActive,
    catalogProductId: row.catalogProductId,
    lateFeePerDay: row.lateFeePerDayMinor,
    notes: row.notes,
    availability: row.availability,
    currentRentalId: row.currentRentalId,
    nextBookingStart: row.nextBookingStart,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function option(
  row: Pick<RentalProductRow, 'id' | 'name' | 'serialNumber' | 'condition' | 'isActive' | 'availability'>,
): RentalProductOption {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    condition: row.condition,
    isActive: row.isActive,
    availability: row.availability,
  };
}

export async function productOrThrow(
  repo: RentalsRepository,
  scope: TenantScope,
  id: string,
  today: string,
  tx?: Db,
): Promise<RentalProductRow> {
  const row = await repo.getProduct(scope, id, today, tx);
  if (!row) throw notFound(PRODUCT);
  return row;
}

/** The partner's rental units: listed with their availability on the partner's today. */
export function createRentalUnits(
  repo: RentalsRepository,
  todayOf: (scope: TenantScope) => Promise<{ today: string }>,
) {
  return {
    async listProducts(scope: TenantScope, q: RentalProductListQuery) {
      const { today } = await todayOf(scope);
      const { items, total } = await repo.listProducts(scope, q, today);
      return { items: items.map(presentProduct), total, page: q.page, pageSize: q.pageSize };
    },

    async productOptions(scope: TenantScope, includeInactive: boolean): Promise<RentalProductOption[]> {
      const { today } = await todayOf(scope);
      return (await repo.productOptions(scope, today, includeInactive)).map(option);
    },

    async getProduct(scope: TenantScope, id: string): Promise<RentalProduct> {
      const { today } = await todayOf(scope);
      return presentProduct(await productOrThrow(repo, scope, id, today));
    },

    async createProduct(scope: TenantScope, input: RentalProductValues): Promise<RentalProduct> {
      const { lateFeePerDay, ...rest } = input;
      const created = await repo.insertProduct(scope, { ...rest, lateFeePerDayMinor: lateFeePerDay });
      if (typeof created === 'string') throw missError(created);
      return this.getProduct(scope, created.id);
    },

    async updateProduct(
      scope: TenantScope,
      id: string,
      input: Omit<RentalProductValues, 'isActive'> & { isActive?: boolean | undefined; version: number },
    ): Promise<RentalProduct> {
      const { version, lateFeePerDay, isActive, ...rest } = input;
      const done = await repo.updateProductIfVersion(scope, id, version, {
        ...rest,
        lateFeePerDayMinor: lateFeePerDay,
        ...(isActive === undefined ? {} : { isActive }),
      });
      if (typeof done === 'string') throw missError(done);
      if (!done) {
        await this.getProduct(scope, id);
        throw versionConflict('rental product');
      }
      return this.getProduct(scope, id);
    },

    async setProductStatus(
      scope: TenantScope,
      id: string,
      input: { isActive: boolean; version: number },
    ): Promise<RentalProduct> {
      const done = await repo.updateProductIfVersion(scope, id, input.version, { isActive: input.isActive });
      if (done !== true) {
        await this.getProduct(scope, id);
        throw versionConflict('rental product');
      }
      return this.getProduct(scope, id);
    },

    async removeProduct(scope: TenantScope, id: string): Promise<void> {
      const done = await repo.deleteProduct(scope, id);
      if (done === 'in_use')
        throw new AppError(
          'in_use',
          409,
          'The rental product has rentals or bookings: deactivate it instead of deleting it.',
        );
      if (!done) throw notFound(PRODUCT);
    },

    /** For the pricing feature: prices are only set for the caller's own units. */
    owns: (scope: TenantScope, id: string) => repo.ownsProduct(scope, id),
  };
}
