import { z } from 'zod';
import type { ServiceOrderStatus } from './service-orders.ts';
import { strictNumber, VALIDATION_MESSAGES as M } from './validation.ts';

/**
 * The order statuses as this module needs them. The bell's badge loads this module in every
 * signed-in screen, and service-orders.ts is large: the list is repeated here and checked against
 * the type both ways, so a status added there fails to compile until it is added here.
 */
const ORDER_STATUSES = [
  'created',
  'scheduled',
  'in_progress',
  'waiting_for_parts',
  'ready_for_pickup',
  'completed',
  'cancelled',
  'on_hold',
] as const satisfies readonly ServiceOrderStatus[];
type Exhaustive<T extends never> = T;
export type AlertStatusesComplete = Exhaustive<Exclude<ServiceOrderStatus, (typeof ORDER_STATUSES)[number]>>;

/**
 * Alerts (issue 31 item 12, docs/decisions/078-alerts.md): what needs a person, beside the unread
 * inbound messages. Each names the record it is about (an order or a rental) and is read or unread
 * per user.
 */
export const ALERT_KINDS = ['customer_photos', 'customer_rating', 'rental_overdue', 'order_stalled'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const ALERT_SUBJECTS = ['order', 'rental'] as const;
export type AlertSubjectType = (typeof ALERT_SUBJECTS)[number];

export const ALERT_LIMITS = {
  listDefault: 20,
  listMax: 50,
  /** The partner's setting: days an open order may stay in one status (0 = no alerts). */
  stalledAfterDaysDefault: 7,
  stalledAfterDaysMax: 365,
  /** Alerts are kept this long, then the hourly job removes them with their read state. */
  retentionDays: 180,
} as const;

/** What each kind shows, as it was when the alert was made (the record may change later). */
export const alertDataSchemas = {
  customer_photos: z.object({ orderNumber: z.string(), photoCount: z.number().int().min(1) }),
  customer_rating: z.object({
    orderNumber: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
  }),
  rental_overdue: z.object({
    customerName: z.string(),
    productName: z.string(),
    serialNumber: z.string().nullable(),
    /** The partner's calendar day the rental was due back ('YYYY-MM-DD'). */
    dueDate: z.string(),
  }),
  order_stalled: z.object({
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** When the order entered the status it is stuck in. */
    since: z.iso.datetime(),
    /** The partner's setting when the alert was made. */
    afterDays: z.number().int().min(1),
  }),
} as const;
export type AlertData<K extends AlertKind> = z.infer<(typeof alertDataSchemas)[K]>;

const alertBase = {
  id: z.uuid(),
  subjectId: z.uuid(),
  createdAt: z.iso.datetime(),
  /** When the signed-in user read it; null = unread. */
  readAt: z.iso.datetime().nullable(),
};

export const alertSchema = z.discriminatedUnion('kind', [
  z.object({
    ...alertBase,
    kind: z.literal('customer_photos'),
    subjectType: z.literal('order'),
    data: alertDataSchemas.customer_photos,
  }),
  z.object({
    ...alertBase,
    kind: z.literal('customer_rating'),
    subjectType: z.literal('order'),
    data: alertDataSchemas.customer_rating,
  }),
  z.object({
    ...alertBase,
    kind: z.literal('rental_overdue'),
    subjectType: z.literal('rental'),
    data: alertDataSchemas.rental_overdue,
  }),
  z.object({
    ...alertBase,
    kind: z.literal('order_stalled'),
    subjectType: z.literal('order'),
    data: alertDataSchemas.order_stalled,
  }),
]);
export type Alert = z.infer<typeof alertSchema>;

/** GET /alerts: newest first; `cursor` is the `nextCursor` of the page before. */
export const alertListQuerySchema = z.object({
  limit: strictNumber(z.number().int().min(1).max(ALERT_LIMITS.listMax)).default(ALERT_LIMITS.listDefault),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor.')
    .optional(),
  unread: z.enum(['true', 'false']).optional(),
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type AlertList = z.infer<typeof alertListSchema>;

export { alertUnreadCountSchema, type AlertUnreadCount } from './alert-count.ts';

export const alertIdParamsSchema = z.object({ id: z.uuid() });

/** POST /alerts/read-all: the alerts the user could see up to now are read. */
export const alertReadAllResultSchema = z.object({ unreadCount: z.number().int() });

export const stalledAfterDaysSchema = z
  .number(M.stalledAfterDaysRange)
  .int(M.wholeNumber)
  .min(0, M.stalledAfterDaysRange)
  .max(ALERT_LIMITS.stalledAfterDaysMax, M.stalledAfterDaysRange);

/** The settings form: the number alone (the version travels beside it). */
export const alertSettingsFormSchema = z.object({ stalledAfterDays: stalledAfterDaysSchema });

/** The partner's alert settings (its Administrator sets them). */
export const alertSettingsSchema = z.object({
  stalledAfterDays: z.number().int(),
  version: z.number().int(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const alertSettingsUpdateSchema = z.object({
  stalledAfterDays: stalledAfterDaysSchema,
  /** The version read; 0 when the partner has never saved the settings. */
  version: z.number().int().min(0),
});
export type AlertSettingsUpdate = z.infer<typeof alertSettingsUpdateSchema>;

/** Cursor of the list: the last item's time and id, opaque to the client. */
export function encodeAlertCursor(createdAt: string, id: string): string {
  const raw = `${createdAt}|${id}`;
  let out = '';
  for (const ch of raw) out += ch.charCodeAt(0).toString(16).padStart(2, '0');
  return out;
}

export function decodeAlertCursor(cursor: string): { createdAt: string; id: string } | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(cursor)) return null;
  let raw = '';
  for (let i = 0; i < cursor.length; i += 2) raw += String.fromCharCode(parseInt(cursor.slice(i, i + 2), 16));
  const [createdAt, id, ...rest] = raw.split('|');
  if (rest.length > 0 || !createdAt || !id) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  return { createdAt, id };
}
