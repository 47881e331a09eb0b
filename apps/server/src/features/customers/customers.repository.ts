import { asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery } from '@service-portal/shared/customers';
import { OPEN_STATUSES } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import { customerMerges, customers } from '../../db/schema/customers.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { escapeLike, pgCode } from '../../db/sql-helpers.ts';

// Read-only use of service_orders: the customer list shows each customer's order count, open
// order count and last order date, and sorts by the last. Computing them in the list's own query
// (a LATERAL aggregate per customer row, served by service_orders_partner_customer_idx) is one
// round trip per page instead of one per customer. The serial-number list is the same kind of
// read model. Every write to orders (the merge moving them) goes through the service-orders service.

const columns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  notes: customers.notes,
  mergedIntoId: customers.mergedIntoId,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
  version: customers.version,
};

export type CustomerRow = Pick<typeof customers.$inferSelect, keyof typeof columns>;
export type CustomerWithStatsRow = CustomerRow & {
  orderCount: number;
  openOrderCount: number;
  lastOrderAt: Date | null;
};

export interface NewCustomer {
  name: string;
  email: string | null;
  phone: string | null;
  phoneDigits: string | null;
  address: string | null;
  notes?: string | null;
}

/** The fields a PUT replaces. */
export type CustomerValues = Required<NewCustomer>;

const contains = (value: string) => `%${escapeLike(value)}%`;

const o = serviceOrders;

/**
 * Every method takes an optional executor so a caller's transaction can include it: on PGlite a
 * query outside the open transaction would wait for that transaction to end, for ever.
 */
export function createCustomersRepository(db: Db) {
  // Merged customers stay for history but never match again.
  const live = isNull(customers.mergedIntoId);

  /** The order aggregates of the outer query's customer row. */
  function orderStats(scope: TenantScope, tx: Db) {
    return tx
      .select({
        orderCount: sql<number>`count(*)::int`.as('order_count'),
        openOrderCount:
          sql<number>`(count(*) filter (where ${inArray(o.status, [...OPEN_STATUSES])}))::int`.as(
            'open_order_count',
          ),
        lastOrderAt: sql<Date | string | null>`max(${o.createdAt})`.as('last_order_at'),
      })
      .from(o)
      .where(scoped(o, scope, eq(o.customerId, customers.id)))
      .as('order_stats');
  }

  function withStats(scope: TenantScope, tx: Db) {
    const stats = orderStats(scope, tx);
    const query = tx
      .select({
        ...columns,
        orderCount: stats.orderCount,
        openOrderCount: stats.openOrderCount,
        lastOrderAt: stats.lastOrderAt,
      })
      .from(customers)
      .leftJoinLateral(stats, sql`true`);
    return { stats, query };
  }

  function toStatsRow(
    row: CustomerRow & {
      orderCount: number | null;
      openOrderCount: number | null;
      lastOrderAt: Date | string | null;
    },
  ): CustomerWithStatsRow {
    const last = row.lastOrderAt;
    return {
      ...row,
      orderCount: Number(row.orderCount ?? 0),
      openOrderCount: Number(row.openOrderCount ?? 0),
      // Raw from a subquery: a Date on one driver, timestamptz text on another.
      lastOrderAt: last === null ? null : last instanceof Date ? last : new Date(last),
    };
  }

  return {
    /** Runs `fn` in one transaction; every query inside must use the `tx` it is given. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async get(scope: TenantScope, id: string, tx: Db = db): Promise<CustomerRow | null> {
      const rows = await tx
        .select(columns)
        .from(customers)
        .where(scoped(customers, scope, eq(customers.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async getWithStats(scope: TenantScope, id: string, tx: Db = db): Promise<CustomerWithStatsRow | null> {
      const { query } = withStats(scope, tx);
      const rows = await query.where(scoped(customers, scope, eq(customers.id, id))).limit(1);
      return rows[0] ? toStatsRow(rows[0]) : null;
    },

    /**
     * The global search's customers: exact e-mail or phone first (looked up on their indexes), then
     * names containing the text (customers_name_trgm_idx), by name.
     * `digits`: the text's phone digits as customers store them.
     */
    async search(scope: TenantScope, text: string, digits: string | null, limit: number) {
      const like = contains(text);
      const hit = { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone };
      const exactRows = await db
        .select(hit)
        .from(customers)
        .where(
          scoped(
            customers,
            scope,
            live,
            or(
              eq(sql`lower(${customers.email})`, text.toLowerCase()),
              digits && digits.length >= 5 ? eq(customers.phoneDigits, digits) : undefined,
            ),
          ),
        )
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(limit);
      // Contains: the name only, on its trigram index. A customer's e-mail and phone are found by
      // their orders (the order search covers both) or typed whole (the exact lookup above).
      const rows = await db
        .select(hit)
        .from(customers)
        .where(scoped(customers, scope, live, ilike(customers.name, like)))
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(limit);
      const seen = new Set(exactRows.map((r) => r.id));
      return [
        ...exactRows.map((r) => ({ ...r, exact: true })),
        ...rows.filter((r) => !seen.has(r.id)).map((r) => ({ ...r, exact: false })),
      ].slice(0, limit);
    },

    async list(
      scope: TenantScope,
      q: CustomerListQuery,
    ): Promise<{ items: CustomerWithStatsRow[]; total: number }> {
      let search: SQL | undefined;
      if (q.search) {
        const like = contains(q.search);
        const digits = q.search.replace(/\D/g, '');
        // name has a trigram index (customers_name_trgm_idx); the contact columns are short.
        search = or(
          ilike(customers.name, like),
          ilike(sql`coalesce(${customers.email}, '')`, like),
          ilike(sql`coalesce(${customers.phone}, '')`, like),
          digits.length >= 3
            ? ilike(sql`coalesce(${customers.phoneDigits}, '')`, contains(digits))
            : undefined,
        );
      }
      const where = scoped(customers, scope, live, search);
      const { stats, query } = withStats(scope, db);
      const dir = q.sortDirection;
      const order: SQL[] =
        q.sort === 'name'
          ? [dir === 'asc' ? asc(customers.name) : desc(customers.name)]
          : q.sort === 'createdAt'
            ? [dir === 'asc' ? asc(customers.createdAt) : desc(customers.createdAt)]
            : [sql`${stats.lastOrderAt} ${sql.raw(dir === 'asc' ? 'asc' : 'desc')} nulls last`];
      const [rows, totals] = await Promise.all([
        query
          .where(where)
          .orderBy(...order, dir === 'asc' ? asc(customers.id) : desc(customers.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      return { items: rows.map(toStatsRow), total: totals[0]?.n ?? 0 };
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

    /**
     * The survivor of a merged customer with this e-mail (any case) or phone, so orders from a
     * contact that was merged away keep landing on the customer it was merged into.
     */
    async findMergedSurvivor(
      scope: TenantScope,
      email: string,
      digits: string | null,
      tx: Db = db,
    ): Promise<CustomerRow | null> {
      const merged = await tx
        .select({ survivorId: customers.mergedIntoId })
        .from(customers)
        .where(
          scoped(
            customers,
            scope,
            isNotNull(customers.mergedIntoId),
            or(
              eq(sql`lower(${customers.email})`, email.toLowerCase()),
              digits ? eq(customers.phoneDigits, digits) : undefined,
            ),
          ),
        )
        // An e-mail match beats a phone match; then the most recently merged.
        .orderBy(
          sql`(lower(${customers.email}) = ${email.toLowerCase()}) desc nulls last`,
          desc(customers.updatedAt),
        )
        .limit(1);
      const survivorId = merged[0]?.survivorId;
      if (!survivorId) return null;
      const rows = await tx
        .select(columns)
        .from(customers)
        .where(scoped(customers, scope, live, eq(customers.id, survivorId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Another live customer of the partner with this e-mail (any case), other than `exceptId`. */
    async emailTaken(scope: TenantScope, email: string, exceptId: string | null, tx: Db): Promise<boolean> {
      const rows = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(
          scoped(
            customers,
            scope,
            live,
            eq(sql`lower(${customers.email})`, email.toLowerCase()),
            exceptId ? ne(customers.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The oldest live customer whose stored digits are one of these forms of one number. */
    async findByPhoneVariants(
      scope: TenantScope,
      variants: string[],
      tx: Db = db,
    ): Promise<CustomerRow | null> {
      if (variants.length === 0) return null;
      const rows = await tx
        .select(columns)
        .from(customers)
        .where(scoped(customers, scope, live, inArray(customers.phoneDigits, variants)))
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

    /** Replaces the fields if the stored version is still `version` and the customer is live. */
    async updateIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      values: CustomerValues,
      tx: Db,
    ): Promise<boolean> {
      const rows = await tx
        .update(customers)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${customers.version} + 1` })
        .where(scoped(customers, scope, live, eq(customers.id, id), eq(customers.version, version)))
        .returning({ id: customers.id });
      return rows.length === 1;
    },

    /** Fills in contact fields the record lacks; never overwrites what is there. */
    async fillBlanks(
      scope: TenantScope,
      id: string,
      values: Partial<Pick<NewCustomer, 'email' | 'phone' | 'phoneDigits' | 'address' | 'notes'>>,
      tx: Db = db,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await tx
        .update(customers)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${customers.version} + 1` })
        .where(scoped(customers, scope, eq(customers.id, id)));
    },

    /** Locks the partner's customers among `ids` for the transaction (in id order: no deadlocks). */
    async lockMany(scope: TenantScope, ids: string[], tx: Db) {
      return tx
        .select({ ...columns, phoneDigits: customers.phoneDigits })
        .from(customers)
        .where(scoped(customers, scope, inArray(customers.id, ids)))
        .orderBy(asc(customers.id))
        .for('update');
    },

    /** Retires `sourceId` into `survivorId`; customers merged into the source earlier follow it. */
    async markMerged(scope: TenantScope, sourceId: string, survivorId: string, tx: Db): Promise<void> {
      await tx
        .update(customers)
        .set({ mergedIntoId: survivorId, updatedAt: sql`now()`, version: sql`${customers.version} + 1` })
        .where(
          scoped(customers, scope, or(eq(customers.id, sourceId), eq(customers.mergedIntoId, sourceId))),
        );
    },

    /** Sets the survivor's fields as the merge chose them (any version: the merge holds its lock). */
    async setMergedFields(scope: TenantScope, id: string, values: CustomerValues, tx: Db): Promise<void> {
      await tx
        .update(customers)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${customers.version} + 1` })
        .where(scoped(customers, scope, eq(customers.id, id)));
    },

    /**
     * Every `table.column` with a foreign key to customers, read from the database's catalogue, so
     * that a merge notices a table added later that nobody moves.
     */
    async referencingColumns(tx: Db): Promise<string[]> {
      const result = await tx.execute(sql`
        select cl.relname::text || '.' || a.attname::text as ref
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'customers'::regclass
        order by 1`);
      return (result as { rows: { ref: string }[] }).rows.map((r) => r.ref);
    },

    /** Records a merge (its history shows on the survivor's page). */
    async insertMerge(
      scope: TenantScope,
      merge: {
        survivorId: string;
        sourceId: string;
        sourceName: string;
        takenFields: string[];
        moved: Record<string, number>;
      },
      tx: Db,
    ): Promise<void> {
      await tx.insert(customerMerges).values({ ...merge, servicePartnerId: scope.partnerId });
    },

    /**
     * Live customers of the partner with this e-mail (any case) or whose stored phone digits are one
     * of `phoneVariants` (the forms one number may be stored in), except `exceptId`; oldest first.
     */
    async findDuplicates(
      scope: TenantScope,
      email: string | null,
      phoneVariants: string[],
      exceptId: string | null,
      limit: number,
    ): Promise<string[]> {
      if (!email && phoneVariants.length === 0) return [];
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(
          scoped(
            customers,
            scope,
            live,
            exceptId ? ne(customers.id, exceptId) : undefined,
            or(
              email ? eq(sql`lower(${customers.email})`, email.toLowerCase()) : undefined,
              phoneVariants.length > 0 ? inArray(customers.phoneDigits, phoneVariants) : undefined,
            ),
          ),
        )
        .orderBy(asc(customers.createdAt), asc(customers.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Deletes the customer; 'referenced' when a row elsewhere still points at it with ON DELETE
     * RESTRICT (the service checks orders first; this is the backstop for a race).
     */
    async delete(scope: TenantScope, id: string, tx: Db): Promise<'deleted' | 'missing' | 'referenced'> {
      try {
        const rows = await tx
          .delete(customers)
          .where(scoped(customers, scope, eq(customers.id, id)))
          .returning({ id: customers.id });
        return rows.length === 1 ? 'deleted' : 'missing';
      } catch (err) {
        if (pgCode(err) === '23503') return 'referenced';
        throw err;
      }
    },

    /** Distinct serial numbers on the customer's orders, most recently seen first. */
    async serialNumbers(scope: TenantScope, customerId: string) {
      const lastAt = sql`max(${o.createdAt})`;
      const rows = await db
        .select({
          serialNumber: sql<string>`${o.serialNumber}`,
          orderCount: sql<number>`count(*)::int`,
          lastOrderAt: sql<Date>`${lastAt}`.mapWith(o.createdAt),
          lastOrderId: sql<string>`(array_agg(${o.id} order by ${o.createdAt} desc, ${o.id} desc))[1]`,
        })
        .from(o)
        .where(scoped(o, scope, eq(o.customerId, customerId), sql`coalesce(${o.serialNumber}, '') <> ''`))
        .groupBy(o.serialNumber)
        .orderBy(desc(lastAt), asc(o.serialNumber));
      return rows.map((r) => ({ ...r, orderCount: Number(r.orderCount) }));
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
