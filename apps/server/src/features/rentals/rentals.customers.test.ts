import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rental, RentalProduct } from '@service-portal/shared/rentals';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';
import { customers } from '../../db/schema/customers.ts';
import { createOrdersWorld, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

// A new customer given with a rental or booking: found or created in the rental's own
// transaction, and matched by e-mail or, given only a phone number, by that number in E.164.

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const office = () => w.api(w.tokens.office);
const today = () => dayInZone(w.ctx.clock.now, 'Europe/Oslo');

async function unit(serialNumber: string): Promise<RentalProduct> {
  const res = await office().post('/rentals/products', {
    name: `Cabin ${serialNumber}`,
    serialNumber,
    condition: 'good',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const customersNamed = (name: string) =>
  w.ctx.app.db
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.servicePartnerId, w.partners.nordic), eq(customers.name, name)));

describe("rentals' new customers", () => {
  it('a booking refused for its dates (409) leaves no customer behind', async () => {
    const u = await unit('RC-409');
    const first = await office().post('/rentals/bookings', {
      rentalProductId: u.id,
      customer: { newCustomer: { name: 'First Booker', email: 'first.booker@example.net' } },
      startDate: addDays(today(), 5),
      dueDate: addDays(today(), 9),
      dailyRate: 10_000,
    });
    expect(first.statusCode, first.body).toBe(201);

    for (const customer of [
      { name: 'Refused Booker', email: 'refused.booker@example.net' },
      { name: 'Refused Caller', phone: '+47 915 55 001' },
    ]) {
      const refused = await office().post('/rentals/bookings', {
        rentalProductId: u.id,
        customer: { newCustomer: customer },
        startDate: addDays(today(), 7),
        dueDate: addDays(today(), 11),
        dailyRate: 10_000,
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ code: string }>().code).toBe('unit_unavailable');
      expect(await customersNamed(customer.name)).toEqual([]);
    }
  });

  it('a customer given only by phone is matched on the number, however it is written', async () => {
    const book = async (phone: string, n: number) => {
      const u = await unit(`RC-PHONE-${n}`);
      const res = await office().post('/rentals/bookings', {
        rentalProductId: u.id,
        customer: { newCustomer: { name: 'Ola Phone', phone } },
        startDate: addDays(today(), 2),
        dueDate: addDays(today(), 4),
        dailyRate: 10_000,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Rental>();
    };
    const a = await book('912 34 567', 1);
    const b = await book('+47 912 34 567', 2);
    const c = await book('0047 91234567', 3);
    const rows = await customersNamed('Ola Phone');
    expect(rows).toHaveLength(1);
    expect([a.customerId, b.customerId, c.customerId]).toEqual([rows[0]!.id, rows[0]!.id, rows[0]!.id]);

    // Another number is another customer; another partner's customer is never matched.
    const other = await book('+46 70 123 45 67', 4);
    expect(other.customerId).not.toBe(a.customerId);
    const fjordUnit = (
      await w
        .api(w.tokens.fjord)
        .post('/rentals/products', { name: 'Fjord cabin', serialNumber: 'RC-F', condition: 'good' })
    ).json<RentalProduct>();
    const theirs = await w.api(w.tokens.fjord).post('/rentals/bookings', {
      rentalProductId: fjordUnit.id,
      customer: { newCustomer: { name: 'Ola Phone', phone: '912 34 567' } },
      startDate: addDays(today(), 2),
      dueDate: addDays(today(), 4),
      dailyRate: 10_000,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<Rental>().customerId).not.toBe(a.customerId);
  });
});
