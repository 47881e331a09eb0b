import type { Currency } from '@service-portal/shared/limits';
import type { PricingType, RoundingDirection, WorkLogCategory } from '@service-portal/shared/pricing';
import type { Db } from '../db/client.ts';
import { categoryPricing, pricingConfigs } from '../db/schema/pricing.ts';
import type { DEMO_PARTNERS } from './identities.ts';

interface DemoPricing {
  defaultHourlyRateMinor: number;
  currency: Currency;
  roundingIntervalMinutes: number;
  roundingDirection: RoundingDirection;
  defaultDailyRentalRateMinor: number;
  defaultWeeklyRentalRateMinor: number;
  categories: {
    category: WorkLogCategory;
    pricingType: PricingType;
    priceMinor: number;
    intervalMinutes: number | null;
  }[];
}

/** Minutes per service type for orders without their own estimate (the dispatch board). */
export const DEMO_DEFAULT_DURATIONS = { repair: 120, maintenance: 90, warranty: 60 } as const;

/** Each demo partner prices its work its own way, so the two show different rounding. */
export const DEMO_PRICING: Record<(typeof DEMO_PARTNERS)[number], DemoPricing> = {
  'Nordic Service AS': {
    defaultHourlyRateMinor: 95_000,
    currency: 'NOK',
    roundingIntervalMinutes: 15,
    roundingDirection: 'up',
    defaultDailyRentalRateMinor: 49_000,
    defaultWeeklyRentalRateMinor: 249_000,
    categories: [
      { category: 'shipping', pricingType: 'fixed', priceMinor: 35_000, intervalMinutes: null },
      { category: 'service_fee', pricingType: 'fixed', priceMinor: 50_000, intervalMinutes: null },
      { category: 'extra_cleaning', pricingType: 'hourly', priceMinor: 75_000, intervalMinutes: 30 },
    ],
  },
  'Fjord Repair AS': {
    defaultHourlyRateMinor: 89_000,
    currency: 'NOK',
    roundingIntervalMinutes: 30,
    roundingDirection: 'nearest',
    defaultDailyRentalRateMinor: 45_000,
    defaultWeeklyRentalRateMinor: 225_000,
    categories: [
      { category: 'shipping', pricingType: 'fixed', priceMinor: 35_000, intervalMinutes: null },
      { category: 'service_fee', pricingType: 'fixed', priceMinor: 50_000, intervalMinutes: null },
      { category: 'extra_cleaning', pricingType: 'hourly', priceMinor: 69_000, intervalMinutes: null },
    ],
  },
};

/** A pricing configuration and a few category prices per demo partner. Idempotent: never changes what exists. */
export async function seedPricing(db: Db, partnerIds: Map<string, string>): Promise<void> {
  const entries = Object.entries(DEMO_PRICING).flatMap(([partner, pricing]) => {
    const partnerId = partnerIds.get(partner);
    return partnerId ? [{ partnerId, pricing }] : [];
  });
  if (entries.length === 0) return;
  await db
    .insert(pricingConfigs)
    .values(
      entries.map(({ partnerId, pricing: { categories: _categories, ...config } }) => ({
        ...config,
        defaultDurations: { ...DEMO_DEFAULT_DURATIONS },
        servicePartnerId: partnerId,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(categoryPricing)
    .values(
      entries.flatMap(({ partnerId, pricing }) =>
        pricing.categories.map((c) => ({ ...c, servicePartnerId: partnerId })),
      ),
    )
    .onConflictDoNothing();
}
