import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PRIORITIES, SERVICE_ORDER_STATUSES, SORT_DIRECTIONS } from './service-orders.ts';

/** The order list's columns a user can show or hide (issue 31 item 9); the open link always shows. */
export const ORDER_LIST_COLUMNS = [
  'orderNumber',
  'title',
  'customer',
  'status',
  'priority',
  'technician',
  'scheduled',
  'created',
  'type',
] as const;
export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];

/** `columns` with `column` shown or hidden, in the list's order; the last shown column stays. */
export function toggleOrderListColumn(
  columns: readonly OrderListColumn[],
  column: OrderListColumn,
): OrderListColumn[] {
  const shown = new Set(columns);
  if (shown.has(column) && shown.size === 1) return [...columns];
  return ORDER_LIST_COLUMNS.filter((c) => (c === column ? !shown.has(c) : shown.has(c)));
}

/** The page sizes the list offers. */
export const ORDER_LIST_PAGE_SIZES = [10, 20, 50, 100] as const;

/** What a saved view keeps: the list's filters, its columns, its sort and its page size. */
export const orderListViewSettingsSchema = z.object({
  search: z.string().trim().max(100).default(''),
  status: z.array(z.enum(SERVICE_ORDER_STATUSES)).max(SERVICE_ORDER_STATUSES.length).default([]),
  priority: z.array(z.enum(PRIORITIES)).max(PRIORITIES.length).default([]),
  customerEmail: z.string().trim().max(254).default(''),
  technicianId: z.uuid().nullable().default(null),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
  pageSize: z
    .number()
    .int()
    .refine((n) => (ORDER_LIST_PAGE_SIZES as readonly number[]).includes(n), 'Not an offered page size.')
    .default(LIMITS.listDefaultPageSize),
  columns: z
    .array(z.enum(ORDER_LIST_COLUMNS))
    .min(1)
    .max(ORDER_LIST_COLUMNS.length)
    .refine((c) => new Set(c).size === c.length, 'A column is named twice.'),
});
export type OrderListViewSettings = z.output<typeof orderListViewSettingsSchema>;

const viewName = z.string().trim().min(1).max(60);

/** POST /service-order-views */
export const orderListViewCreateSchema = z.object({ name: viewName, settings: orderListViewSettingsSchema });
export type OrderListViewCreate = z.input<typeof orderListViewCreateSchema>;

/** PATCH /service-order-views/:id: rename, or keep the list's current settings, or both. */
export const orderListViewUpdateSchema = z
  .object({ name: viewName.optional(), settings: orderListViewSettingsSchema.optional() })
  .refine((v) => v.name !== undefined || v.settings !== undefined, 'Name a change.');
export type OrderListViewUpdate = z.input<typeof orderListViewUpdateSchema>;

export const orderListViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  settings: orderListViewSettingsSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderListView = z.infer<typeof orderListViewSchema>;

export const orderListViewsSchema = z.object({ items: z.array(orderListViewSchema) });
export const orderListViewIdParamsSchema = z.object({ id: z.uuid() });

/** How many views one user may keep. */
export const MAX_ORDER_LIST_VIEWS = 50;
