import { and, asc, count, eq, sql } from 'drizzle-orm';
import { PRIORITIES, SERVICE_ORDER_STATUSES } from '@service-portal/shared/service-orders';
import {
  MAX_ORDER_LIST_VIEWS,
  ORDER_LIST_COLUMNS,
  orderListViewSettingsSchema,
  type OrderListView,
  type OrderListViewCreate,
  type OrderListViewUpdate,
} from '@service-portal/shared/service-order-views';
import type { Db } from '../../db/client.ts';
import { serviceOrderViews as v } from '../../db/schema/service-order-views.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';

// Saved views of the order list (issue 31 item 9): each user's own, within the partner they act
// for. Another user's or another partner's view answers 404, as if it did not exist.

const PG_UNIQUE_VIOLATION = '23505';

const nameTaken = () =>
  new AppError('conflict', 409, 'You already have a view with this name.', {
    errors: [{ path: 'name', message: 'You already have a view with this name.' }],
  });

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
  return false;
}

type Row = typeof v.$inferSelect;

/**
 * Stored settings are read through the schema: a column or status dropped in a later release
 * leaves the view readable (unknown values go, defaults fill what is missing).
 */
function readSettings(stored: unknown) {
  const parsed = orderListViewSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const raw = (stored ?? {}) as Record<string, unknown>;
  const known = <T extends string>(value: unknown, allowed: readonly T[]): T[] =>
    Array.isArray(value) ? value.filter((x): x is T => allowed.includes(x as T)) : [];
  const columns = known(raw.columns, ORDER_LIST_COLUMNS);
  return orderListViewSettingsSchema.parse({
    status: known(raw.status, SERVICE_ORDER_STATUSES),
    priority: known(raw.priority, PRIORITIES),
    columns: columns.length > 0 ? columns : [...ORDER_LIST_COLUMNS],
  });
}

function toView(row: Row): OrderListView {
  return {
    id: row.id,
    name: row.name,
    settings: readSettings(row.settings),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createOrderViews(db: Db) {
  const own = (scope: TenantScope, userId: string, ...more: ReturnType<typeof eq>[]) =>
    scoped(v, scope, eq(v.userId, userId), ...more);

  return {
    async list(scope: TenantScope, userId: string): Promise<OrderListView[]> {
      const rows = await db.select().from(v).where(own(scope, userId)).orderBy(asc(v.name), asc(v.id));
      return rows.map(toView);
    },

    async create(scope: TenantScope, userId: string, input: OrderListViewCreate): Promise<OrderListView> {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(v).where(own(scope, userId));
      if (n >= MAX_ORDER_LIST_VIEWS)
        throw new AppError('conflict', 409, `You can keep at most ${MAX_ORDER_LIST_VIEWS} views.`);
      try {
        const [row] = await db
          .insert(v)
          .values({
            servicePartnerId: scope.partnerId,
            userId,
            name: input.name,
            settings: orderListViewSettingsSchema.parse(input.settings),
          })
          .returning();
        return toView(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async update(
      scope: TenantScope,
      userId: string,
      id: string,
      input: OrderListViewUpdate,
    ): Promise<OrderListView> {
      try {
        const [row] = await db
          .update(v)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.settings !== undefined
              ? { settings: orderListViewSettingsSchema.parse(input.settings) }
              : {}),
            updatedAt: sql`now()`,
          })
          .where(own(scope, userId, eq(v.id, id)))
          .returning();
        if (!row) throw notFound('View');
        return toView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async remove(scope: TenantScope, userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(v)
        .where(and(own(scope, userId, eq(v.id, id))))
        .returning({ id: v.id });
      if (deleted.length === 0) throw notFound('View');
    },
  };
}

export type OrderViews = ReturnType<typeof createOrderViews>;
