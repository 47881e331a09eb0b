import { asc, count, eq, isNull, and } from 'drizzle-orm';
import { rentalCharge, type RentalCondition } from '@service-portal/shared/rentals';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/customers.ts';
import { servicePartners } from '../db/schema/partners.ts';
import { rentalProductPricing } from '../db/schema/pricing.ts';
import { rentalProducts, rentals } from '../db/schema/rentals.ts';
import { DEMO_PRICING } from './pricing.ts';
import type { DEMO_PARTNERS } from './identities.ts';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';

interface DemoUnit {
  name: string;
  serial: string;
  condition: RentalCondition;
  isActive?: boolean;
  lateFee: number;
  /** Reservations relative to today: [start, due, status, returned offset?]. */
  plan: [number, number, 'active' | 'booked' | 'returned' | 'cancelled', number?][];
}

const NORDIC: DemoUnit[] = [
  {
    name: 'Event toilet Comfort',
    serial: 'NS-RT-0101',
    condition: 'new',
    lateFee: 20_000,
    plan: [
      [-40, -33, 'returned', -31],
      [-3, 4, 'active'],
    ],
  },
  {
    name: 'Event toilet Comfort',
    serial: 'NS-RT-0102',
    condition: 'good',
    lateFee: 20_000,
    plan: [[-10, -2, 'active']],
  },
  {
    name: 'Building site cabin',
    serial: 'NS-RT-0201',
    condition: 'fair',
    lateFee: 25_000,
    plan: [[-20, -5, 'active']],
  },
  {
    name: 'Building site cabin',
    serial: 'NS-RT-0202',
    condition: 'good',
    lateFee: 25_000,
    plan: [
      [-1, 10, 'active'],
      [14, 20, 'booked'],
    ],
  },
  {
    name: 'Accessible toilet unit',
    serial: 'NS-RT-0301',
    condition: 'good',
    lateFee: 30_000,
    plan: [
      [-12, -8, 'returned', -6],
      [3, 6, 'booked'],
    ],
  },
  {
    name: 'Accessible toilet unit',
    serial: 'NS-RT-0302',
    condition: 'new',
    lateFee: 30_000,
    plan: [[10, 14, 'booked']],
  },
  {
    name: 'Composting toilet',
    serial: 'NS-RT-0401',
    condition: 'good',
    lateFee: 15_000,
    plan: [
      [-9, -4, 'returned', -4],
      [-30, -23, 'returned', -20],
    ],
  },
  {
    name: 'Composting toilet',
    serial: 'NS-RT-0402',
    condition: 'out_of_order',
    lateFee: 15_000,
    plan: [[-25, -18, 'returned', -18]],
  },
  {
    name: 'Trailer toilet (2 cabins)',
    serial: 'NS-RT-0501',
    condition: 'poor',
    isActive: false,
    lateFee: 40_000,
    plan: [[-60, -50, 'returned', -50]],
  },
  {
    name: 'Trailer toilet (2 cabins)',
    serial: 'NS-RT-0502',
    condition: 'good',
    lateFee: 40_000,
    plan: [
      [-6, -2, 'cancelled'],
      [-5, -1, 'returned', 0],
    ],
  },
  {
    name: 'Event toilet Basic',
    serial: 'NS-RT-0601',
    condition: 'fair',
    lateFee: 10_000,
    plan: [[-15, -8, 'returned', -7]],
  },
  { name: 'Event toilet Basic', serial: 'NS-RT-0602', condition: 'good', lateFee: 10_000, plan: [] },
  {
    name: 'Event toilet Basic',
    serial: 'NS-RT-0603',
    condition: 'new',
    lateFee: 10_000,
    plan: [[21, 23, 'booked']],
  },
];
const FJORD: DemoUnit[] = [
  {
    name: 'Fjord event toilet',
    serial: 'FR-RT-01',
    condition: 'good',
    lateFee: 15_000,
    plan: [[-4, 3, 'active']],
  },
  {
    name: 'Fjord event toilet',
    serial: 'FR-RT-02',
    condition: 'fair',
    lateFee: 15_000,
    plan: [[-9, -3, 'active']],
  },
  {
    name: 'Fjord site cabin',
    serial: 'FR-RT-03',
    condition: 'new',
    lateFee: 20_000,
    plan: [
      [5, 9, 'booked'],
      [-14, -7, 'returned', -7],
    ],
  },
  { name: 'Fjord site cabin', serial: 'FR-RT-04', condition: 'poor', lateFee: 20_000, plan: [] },
];
const UNITS: Record<(typeof DEMO_PARTNERS)[number], DemoUnit[]> = {
  'Nordic Service AS': NORDIC,
  'Fjord Repair AS': FJORD,
};

/**
 * When a demo reservation was made: two days before its start, but never after `now` (issue 31:
 * a booking of next week was made some hours ago, not next week). `n` spreads them over the day.
 */
export function createdBefore(startDate: string, now: Date, n: number): Date {
  const twoDaysBefore = Date.parse(`${startDate}T09:00:00Z`) - 2 * 86_400_000;
  const hoursAgo = now.getTime() - (1 + (n % 20)) * 3_600_000;
  return new Date(Math.min(twoDaysBefore, hoursAgo));
}

/**
 * Rental units in every state with active, overdue, returned and cancelled rentals and future
 * bookings, dated around today so that a newcomer sees a living rental business. Idempotent: a
 * partner that has rental units already gets nothing.
 */
export async function seedRentals(db: Db, partnerIds: Map<string, string>, now = new Date()): Promise<void> {
  for (const [partner, units] of Object.entries(UNITS) as [keyof typeof UNITS, DemoUnit[]][]) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(rentalProducts)
      .where(eq(rentalProducts.servicePartnerId, partnerId));
    if ((existing?.n ?? 0) > 0) continue;
    const [tz] = await db
      .select({ tz: servicePartners.timeZone })
      .from(servicePartners)
      .where(eq(servicePartners.id, partnerId));
    const timeZone = tz?.tz ?? 'Europe/Oslo';
    const today = dayInZone(now, timeZone);
    const pricing = DEMO_PRICING[partner];
    const people = await db
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(and(eq(customers.servicePartnerId, partnerId), isNull(customers.mergedIntoId)))
      .orderBy(asc(customers.name))
      .limit(20);
    let who = 0;
    for (const [index, u] of units.entries()) {
      const [row] = await db
        .insert(rentalProducts)
        .values({
          servicePartnerId: partnerId,
          name: u.name,
          serialNumber: u.serial,
          condition: u.condition,
          isActive: u.isActive ?? true,
          lateFeePerDayMinor: u.lateFee,
        })
        .returning({ id: rentalProducts.id });
      if (!row) continue;
      // The first unit has a price of its own, overriding the partner's default.
      const daily =
        index === 0 ? pricing.defaultDailyRentalRateMinor + 10_000 : pricing.defaultDailyRentalRateMinor;
      if (index === 0)
        await db.insert(rentalProductPricing).values({
          servicePartnerId: partnerId,
          rentalProductId: row.id,
          period: 'daily',
          priceMinor: daily,
        });
      for (const [start, due, status, returned] of u.plan) {
        const person = people[who++ % Math.max(1, people.length)];
        const startDate = addDays(today, start);
        const dueDate = addDays(today, due);
        const returnedDate = status === 'returned' ? addDays(today, returned ?? due) : null;
        const charges =
          returnedDate === null
            ? null
            : rentalCharge({
                pickup: startDate,
                returned: returnedDate,
                due: dueDate,
                dailyMinor: daily,
                weeklyMinor: pricing.defaultWeeklyRentalRateMinor,
                lateFeePerDayMinor: u.lateFee,
                timeZone,
              });
        await db.insert(rentals).values({
          servicePartnerId: partnerId,
          rentalProductId: row.id,
          kind: status === 'booked' || (status === 'cancelled' && start > 0) ? 'booking' : 'rental',
          status,
          customerId: person?.id ?? null,
          customerName: person?.name ?? 'Walk-in customer',
          customerEmail: person?.email ?? null,
          customerPhone: person?.phone ?? null,
          startDate,
          dueDate,
          returnedDate,
          dailyRateMinor: daily,
          weeklyRateMinor: pricing.defaultWeeklyRentalRateMinor,
          lateFeePerDayMinor: u.lateFee,
          currency: pricing.currency,
          depositMinor: index % 3 === 0 ? 100_000 : 0,
          notes:
            status === 'active' && index % 2 === 0 ? 'Delivered to site; gate code with the customer.' : null,
          returnCondition: status === 'returned' ? u.condition : null,
          charges,
          totalMinor: charges?.totalMinor ?? null,
          createdAt: createdBefore(startDate, now, who),
        });
      }
    }
  }
}
