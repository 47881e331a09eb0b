import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

const columns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  notes: customers.notes,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
  version: customers.version,
};

export type CustomerRow = Pick<typeof customers.$inferSelect, keyof typeof columns>;

export interface NewCustomer {
  name: string;
  email: string | null;
  phone: string | null;
  phoneDigits: string | null;
  address: string | null;
}

/**
 * Every method takes an optional executor so a caller's transaction can include it: on PGlite a
 * query outside the open transaction would wait for that transaction to end, for ever.
 */
export function createCustomersRepository(db: Db) {
  // Merged customers stay for history but never match again.
  const live = isNull(customers.mergedIntoId);

  return {
    async get(scope: TenantScope, id: string, tx: Db = db): Promise<CustomerRow | null> {
      const rows = await tx
        .select(columns)
        .from(customers)
        .where(scoped(customers, scope, eq(customers.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByEmail(scope: TenantScope, email: string, tx: Db = db): Promise<CustomerRow | null> {
      const rows = await tx
        .select(columns)
        .from(customers)
        .where(scoped(customers, scope, live, eq(sql`lower(${customers.email})`, email.toLowerCase())))
        .orderBy(asc(customers.createdAt), asc(customers.id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByPhoneDigits(scope: TenantScope, digits: string, tx: Db = db): Promise<CustomerRow | null> {
      const rows = await tx
        .select(columns)
        .from(customers)
        .where(scoped(customers, scope, live, eq(customers.phoneDigits, digits)))
        .orderBy(asc(customers.createdAt), asc(customers.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Serialises customer creation per partner until the transaction ends, so two orders for the
     * same new customer created at once link to one record instead of making two.
     */
    async lockCreation(scope: TenantScope, tx: Db): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`customers:${scope.partnerId}`}, 0))`,
      );
    },

    async insert(scope: TenantScope, values: NewCustomer, tx: Db = db): Promise<CustomerRow> {
      const [row] = await tx
        .insert(customers)
        .values({ ...values, servicePartnerId: scope.partnerId })
        .returning(columns);
      if (!row) throw new Error('customer insert returned nothing');
      return row;
    },

    /** Fills in contact fields the record lacks; never overwrites what is there. */
    async fillBlanks(
      scope: TenantScope,
      id: string,
      values: Partial<Pick<NewCustomer, 'email' | 'phone' | 'phoneDigits' | 'address'>>,
      tx: Db = db,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await tx
        .update(customers)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${customers.version} + 1` })
        .where(scoped(customers, scope, eq(customers.id, id)));
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
