import {
  DEFAULT_PRICING,
  DEFAULT_VAT_RATE,
  NO_DEFAULT_DURATIONS,
  RENTAL_PERIODS,
  type DefaultDurations,
  type CategoryPricing,
  type CostPricing,
  type PricingConfig,
  type PricingConfigUpdate,
  type RentalProductPricing,
  type RentalProductPricingUpdate,
} from '@service-portal/shared/pricing';
import { DEFAULT_PARTNER_WORKING_DAYS, type WeekdayFlags } from '@service-portal/shared/schedule';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CategoryValues, PricingRepository, RentalRow, StoredConfig } from './pricing.repository.ts';

const versionConflict = (what: string) =>
  new AppError('version_conflict', 409, `The ${what} was changed by someone else. Reload it and try again.`);
const duplicateCategory = (category: string) =>
  new AppError('duplicate', 409, `The category ${category} has a price already. Change that one instead.`);

const CATEGORY = 'Category price';
const RENTAL = 'Rental product pricing';

function configOf(stored: StoredConfig | null, categories: CategoryPricing[]): PricingConfig {
  if (!stored) return { ...DEFAULT_PRICING, categories, isDefault: true, updatedAt: null, version: 0 };
  const { vatRateBp, ...rest } = stored;
  return {
    ...rest,
    vatRate: vatRateBp / 100,
    categories,
    isDefault: false,
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/** The rows of one product (one per period) as the single record the API shows. */
function rentalOf(
  rentalProductId: string,
  rows: RentalRow[],
  currency: PricingConfig['currency'],
): RentalProductPricing {
  const daily = rows.find((r) => r.period === 'daily');
  const weekly = rows.find((r) => r.period === 'weekly');
  const updatedAt = Math.max(...rows.map((r) => r.updatedAt.getTime()));
  return {
    rentalProductId,
    dailyPrice: daily?.price ?? null,
    weeklyPrice: weekly?.price ?? null,
    currency,
    updatedAt: new Date(updatedAt).toISOString(),
    version: Math.max(...rows.map((r) => r.version)),
  };
}

/** The rental products a partner has: prices are only set for the caller's own. */
export interface RentalProductsPort {
  owns(scope: TenantScope, rentalProductId: string): Promise<boolean>;
}

/**
 * The partner's pricing (spec §3 "Pricing configuration"): the basic settings, a price per work-log
 * category, and daily/weekly prices per rental product. Until a partner saves its own settings
 * the defaults apply (`DEFAULT_PRICING`, answered with `isDefault: true`).
 */
export function createPricingService(repo: PricingRepository, rentalProducts: RentalProductsPort) {
  async function currencyOf(scope: TenantScope) {
    return (await repo.getConfig(scope))?.currency ?? DEFAULT_PRICING.currency;
  }

  return {
    async getConfig(scope: TenantScope): Promise<PricingConfig> {
      const [stored, categories] = await Promise.all([repo.getConfig(scope), repo.listCategories(scope)]);
      return configOf(stored, categories);
    },

    /**
     * What an estimate or a service report prices with (issue 27): the labour rate, the currency
     * and the VAT rate in percent, as of now.
     */
    async quotePricing(
      scope: TenantScope,
    ): Promise<{ defaultHourlyRate: number; currency: PricingConfig['currency']; vatRate: number }> {
      const stored = await repo.getConfig(scope);
      if (!stored)
        return {
          defaultHourlyRate: DEFAULT_PRICING.defaultHourlyRate,
          currency: DEFAULT_PRICING.currency,
          vatRate: DEFAULT_VAT_RATE,
        };
      return {
        defaultHourlyRate: stored.defaultHourlyRate,
        currency: stored.currency,
        vatRate: stored.vatRateBp / 100,
      };
    },

    /** Minutes per service type for orders without their own estimate (the dispatch board). */
    async defaultDurations(scope: TenantScope): Promise<DefaultDurations> {
      return { ...NO_DEFAULT_DURATIONS, ...(await repo.getConfig(scope))?.defaultDurations };
    },

    /** What the dispatch board plans with: the default durations and the partner's working days. */
    async schedulingSettings(
      scope: TenantScope,
    ): Promise<{ defaultDurations: DefaultDurations; workingDays: WeekdayFlags }> {
      const stored = await repo.getConfig(scope);
      return {
        defaultDurations: { ...NO_DEFAULT_DURATIONS, ...stored?.defaultDurations },
        workingDays: stored?.workingDays ?? DEFAULT_PARTNER_WORKING_DAYS,
      };
    },

    /** What the cost rule needs, as of now (work logs freeze it when they complete). */
    async costPricing(scope: TenantScope, tx?: Db): Promise<CostPricing> {
      const stored = await repo.getConfig(scope, tx);
      const categories = await repo.listCategories(scope, tx);
      return configOf(stored, categories);
    },

    /**
     * Saves the basic settings. `version` 0 means "nothing stored yet" (the defaults were shown);
     * a save that lost the race either way gets 409 and changes nothing.
     */
    async updateConfig(scope: TenantScope, input: PricingConfigUpdate): Promise<PricingConfig> {
      const { version, ...values } = input;
      const saved =
        version === 0
          ? await repo.insertConfig(scope, values)
          : await repo.updateConfigIfVersion(scope, version, values);
      if (!saved) throw versionConflict('pricing configuration');
      return configOf(saved, await repo.listCategories(scope));
    },

    // --- category pricing ------------------------------------------------------------------------

    listCategories: (scope: TenantScope) => repo.listCategories(scope),

    async getCategory(scope: TenantScope, id: string): Promise<CategoryPricing> {
      const found = await repo.getCategory(scope, id);
      if (!found) throw notFound(CATEGORY);
      return found;
    },

    async addCategory(scope: TenantScope, input: CategoryValues): Promise<CategoryPricing> {
      const created = await repo.insertCategory(scope, input);
      if (created === 'duplicate') throw duplicateCategory(input.category);
      return created;
    },

    async updateCategory(
      scope: TenantScope,
      id: string,
      input: CategoryValues & { version: number },
    ): Promise<CategoryPricing> {
      const { version, ...values } = input;
      const updated = await repo.updateCategoryIfVersion(scope, id, version, values);
      if (updated === 'duplicate') throw duplicateCategory(values.category);
      if (updated) return updated;
      if (!(await repo.getCategory(scope, id))) throw notFound(CATEGORY);
      throw versionConflict('category price');
    },

    async removeCategory(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.deleteCategory(scope, id))) throw notFound(CATEGORY);
    },

    // --- rental product pricing ------------------------------------------------------------------
    // Prices are set only for a rental product of the caller's partner (`rentalProducts`); an
    // unknown or another partner's id is 404, like every foreign id. Reading and removing work on
    // the stored prices alone.

    async listRental(scope: TenantScope): Promise<RentalProductPricing[]> {
      const [rows, currency] = await Promise.all([repo.listRental(scope), currencyOf(scope)]);
      const byProduct = new Map<string, RentalRow[]>();
      for (const row of rows)
        byProduct.set(row.rentalProductId, [...(byProduct.get(row.rentalProductId) ?? []), row]);
      return [...byProduct].map(([id, productRows]) => rentalOf(id, productRows, currency));
    },

    async getRental(scope: TenantScope, rentalProductId: string): Promise<RentalProductPricing> {
      const rows = await repo.rentalRows(scope, rentalProductId);
      if (rows.length === 0) throw notFound(RENTAL);
      return rentalOf(rentalProductId, rows, await currencyOf(scope));
    },

    /**
     * Sets the product's daily and weekly prices; a null price removes that period. The product's
     * rows share one version: the one sent must be the one read (0 when it had no prices).
     */
    async putRental(
      scope: TenantScope,
      rentalProductId: string,
      input: RentalProductPricingUpdate,
    ): Promise<RentalProductPricing> {
      if (!(await rentalProducts.owns(scope, rentalProductId))) throw notFound('Rental product');
      const rows = await repo.transaction(async (tx) => {
        const current = await repo.rentalRows(scope, rentalProductId, tx);
        const version = current.length === 0 ? 0 : Math.max(...current.map((r) => r.version));
        if (version !== input.version) throw versionConflict('rental product pricing');
        const next = version + 1;
        for (const period of RENTAL_PERIODS) {
          const price = period === 'daily' ? input.dailyPrice : input.weeklyPrice;
          const existing = current.find((r) => r.period === period);
          if (price === null) {
            if (existing) await repo.deleteRental(scope, rentalProductId, [period], tx);
          } else if (existing) {
            await repo.updateRental(scope, rentalProductId, period, price, next, tx);
          } else if (!(await repo.insertRental(scope, rentalProductId, period, price, next, tx))) {
            // Another first save of the same product got there while this one ran.
            throw versionConflict('rental product pricing');
          }
        }
        return repo.rentalRows(scope, rentalProductId, tx);
      });
      return rentalOf(rentalProductId, rows, await currencyOf(scope));
    },

    async removeRental(scope: TenantScope, rentalProductId: string): Promise<void> {
      if ((await repo.deleteRental(scope, rentalProductId, 'all')) === 0) throw notFound(RENTAL);
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
