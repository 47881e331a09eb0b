import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '@service-portal/shared/limits';
import type {
  DefaultDurations,
  CategoryPricing,
  PricingConfigFields,
  PricingType,
  RentalPeriod,
  RoundingDirection,
  WorkLogCategory,
} from '@service-portal/shared/pricing';
import { vatBasisPoints } from '@service-portal/shared/pricing';
import type { WeekdayFlags } from '@service-portal/shared/schedule';
import type { Db } from '../../db/client.ts';
import { categoryPricing, pricingConfigs, rentalProductPricing } from '../../db/schema/pricing.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

/** The PostgreSQL error code (SQLSTATE) of a failed query, through the drivers' wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
const UNIQUE_VIOLATION = '23505';

export interface StoredConfig {
  defaultHourlyRate: number;
  currency: Currency;
  roundingIntervalMinutes: number;
  roundingDirection: RoundingDirection;
  defaultDailyRentalRate: number | null;
  defaultWeeklyRentalRate: number | null;
  defaultDurations: DefaultDurations;
  vatRateBp: number;
  workingDays: WeekdayFlags;
  estimateReminderDays: number;
  updatedAt: Date;
  version: number;
}

export interface CategoryValues {
  category: WorkLogCategory;
  pricingType: PricingType;
  price: number;
  intervalMinutes: number | null;
}

export interface RentalRow {
  rentalProductId: string;
  period: RentalPeriod;
  price: number;
  updatedAt: Date;
  version: number;
}

const c = categoryPricing;
const r = rentalProductPricing;

const configColumns = {
  defaultHourlyRate: pricingConfigs.defaultHourlyRateMinor,
  currency: pricingConfigs.currency,
  roundingIntervalMinutes: pricingConfigs.roundingIntervalMinutes,
  roundingDirection: pricingConfigs.roundingDirection,
  defaultDailyRentalRate: pricingConfigs.defaultDailyRentalRateMinor,
  defaultWeeklyRentalRate: pricingConfigs.defaultWeeklyRentalRateMinor,
  defaultDurations: pricingConfigs.defaultDurations,
  vatRateBp: pricingConfigs.vatRateBp,
  workingDays: pricingConfigs.workingDays,
  estimateReminderDays: pricingConfigs.estimateReminderDays,
  updatedAt: pricingConfigs.updatedAt,
  version: pricingConfigs.version,
};

const categoryColumns = {
  id: c.id,
  category: c.category,
  pricingType: c.pricingType,
  price: c.priceMinor,
  intervalMinutes: c.intervalMinutes,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  version: c.version,
};

const rentalColumns = {
  rentalProductId: r.rentalProductId,
  period: r.period,
  price: r.priceMinor,
  updatedAt: r.updatedAt,
  version: r.version,
};

function toCategory(row: {
  id: string;
  category: string;
  pricingType: PricingType;
  price: number;
  intervalMinutes: number | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}): CategoryPricing {
  return {
    ...row,
    category: row.category as WorkLogCategory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function configValues(values: PricingConfigFields) {
  return {
    defaultHourlyRateMinor: values.defaultHourlyRate,
    currency: values.currency,
    roundingIntervalMinutes: values.roundingIntervalMinutes,
    roundingDirection: values.roundingDirection,
    defaultDailyRentalRateMinor: values.defaultDailyRentalRate,
    defaultWeeklyRentalRateMinor: values.defaultWeeklyRentalRate,
    // Absent keeps what is stored (a form without the durations does not clear them).
    ...(values.defaultDurations ? { defaultDurations: values.defaultDurations } : {}),
    ...(values.vatRate !== undefined ? { vatRateBp: vatBasisPoints(values.vatRate) } : {}),
    ...(values.workingDays ? { workingDays: values.workingDays } : {}),
    ...(values.estimateReminderDays !== undefined
      ? { estimateReminderDays: values.estimateReminderDays }
      : {}),
  };
}

function categoryValues(values: CategoryValues) {
  return {
    category: values.category,
    pricingType: values.pricingType,
    priceMinor: values.price,
    intervalMinutes: values.intervalMinutes,
  };
}

export function createPricingRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    // --- configuration ------------------------------------------------------------------------

    async getConfig(scope: TenantScope, tx: Db = db): Promise<StoredConfig | null> {
      const rows = await tx
        .select(configColumns)
        .from(pricingConfigs)
        .where(scoped(pricingConfigs, scope))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The first save of a partner; null when another save got there first. */
    async insertConfig(scope: TenantScope, values: PricingConfigFields): Promise<StoredConfig | null> {
      const rows = await db
        .insert(pricingConfigs)
        .values({ ...configValues(values), servicePartnerId: scope.partnerId })
        .onConflictDoNothing()
        .returning(configColumns);
      return rows[0] ?? null;
    },

    async updateConfigIfVersion(
      scope: TenantScope,
      version: number,
      values: PricingConfigFields,
    ): Promise<StoredConfig | null> {
      const rows = await db
        .update(pricingConfigs)
        .set({ ...configValues(values), version: sql`${pricingConfigs.version} + 1`, updatedAt: sql`now()` })
        .where(scoped(pricingConfigs, scope, eq(pricingConfigs.version, version)))
        .returning(configColumns);
      return rows[0] ?? null;
    },

    // --- category pricing ----------------------------------------------------------------------

    async listCategories(scope: TenantScope, tx: Db = db): Promise<CategoryPricing[]> {
      const rows = await tx
        .select(categoryColumns)
        .from(c)
        .where(scoped(c, scope))
        .orderBy(asc(c.createdAt), asc(c.id));
      return rows.map(toCategory);
    },

    async getCategory(scope: TenantScope, id: string): Promise<CategoryPricing | null> {
      const rows = await db
        .select(categoryColumns)
        .from(c)
        .where(scoped(c, scope, eq(c.id, id)))
        .limit(1);
      return rows[0] ? toCategory(rows[0]) : null;
    },

    /** 'duplicate' when the partner already prices this category. */
    async insertCategory(scope: TenantScope, values: CategoryValues): Promise<CategoryPricing | 'duplicate'> {
      const rows = await db
        .insert(c)
        .values({ ...categoryValues(values), servicePartnerId: scope.partnerId })
        .onConflictDoNothing({ target: [c.servicePartnerId, c.category] })
        .returning(categoryColumns);
      return rows[0] ? toCategory(rows[0]) : 'duplicate';
    },

    /** null when the version is stale (or the row gone); 'duplicate' when the new category is taken. */
    async updateCategoryIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      values: CategoryValues,
    ): Promise<CategoryPricing | 'duplicate' | null> {
      try {
        const rows = await db
          .update(c)
          .set({ ...categoryValues(values), version: sql`${c.version} + 1`, updatedAt: sql`now()` })
          .where(scoped(c, scope, eq(c.id, id), eq(c.version, version)))
          .returning(categoryColumns);
        return rows[0] ? toCategory(rows[0]) : null;
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'duplicate';
        throw err;
      }
    },

    async deleteCategory(scope: TenantScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(c)
        .where(scoped(c, scope, eq(c.id, id)))
        .returning({ id: c.id });
      return rows.length === 1;
    },

    // --- rental product pricing ------------------------------------------------------------------

    async listRental(scope: TenantScope): Promise<RentalRow[]> {
      return db
        .select(rentalColumns)
        .from(r)
        .where(scoped(r, scope))
        .orderBy(asc(r.rentalProductId), asc(r.period));
    },

    /** The product's rows; with `tx`, locked until the transaction ends. */
    async rentalRows(scope: TenantScope, rentalProductId: string, tx?: Db): Promise<RentalRow[]> {
      const query = (tx ?? db)
        .select(rentalColumns)
        .from(r)
        .where(scoped(r, scope, eq(r.rentalProductId, rentalProductId)))
        .orderBy(asc(r.period));
      return tx ? query.for('update') : query;
    },

    /** Inserts a period's row; false when it exists already (a concurrent first save). */
    async insertRental(
      scope: TenantScope,
      rentalProductId: string,
      period: RentalPeriod,
      price: number,
      version: number,
      tx: Db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(r)
        .values({ servicePartnerId: scope.partnerId, rentalProductId, period, priceMinor: price, version })
        .onConflictDoNothing()
        .returning({ period: r.period });
      return rows.length === 1;
    },

    async updateRental(
      scope: TenantScope,
      rentalProductId: string,
      period: RentalPeriod,
      price: number,
      version: number,
      tx: Db,
    ): Promise<void> {
      await tx
        .update(r)
        .set({ priceMinor: price, version, updatedAt: sql`now()` })
        .where(scoped(r, scope, eq(r.rentalProductId, rentalProductId), eq(r.period, period)));
    },

    async deleteRental(
      scope: TenantScope,
      rentalProductId: string,
      periods: readonly RentalPeriod[] | 'all',
      tx: Db = db,
    ): Promise<number> {
      const rows = await tx
        .delete(r)
        .where(
          scoped(
            r,
            scope,
            eq(r.rentalProductId, rentalProductId),
            periods === 'all' ? undefined : inArray(r.period, [...periods]),
          ),
        )
        .returning({ period: r.period });
      return rows.length;
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
