import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { strictNumber, VALIDATION_MESSAGES as M } from './validation.ts';

/**
 * Field-level history (issue 26): the database records one event per changed field of every
 * business table; these schemas are the API's view of them.
 */
export const HISTORY_ACTOR_KINDS = ['user', 'customer', 'shop', 'job', 'system'] as const;
export type HistoryActorKind = (typeof HISTORY_ACTOR_KINDS)[number];

export const HISTORY_OPERATIONS = ['insert', 'update', 'delete'] as const;
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[number];

/** The pages with a History tab, by the table their id belongs to. */
export const HISTORY_SUBJECTS = [
  'service_orders',
  'rentals',
  'rental_products',
  'technicians',
  'documents',
  'customers',
] as const;
export type HistorySubject = (typeof HISTORY_SUBJECTS)[number];

/**
 * Fields that hold internal notes or personal data: their values show only to staff who may see
 * them (`mayReadSensitiveHistory`); others see that the field changed, not what it says.
 */
export const SENSITIVE_HISTORY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  service_orders: ['internal_notes', 'customer_name', 'customer_email', 'customer_phone', 'customer_address'],
  communications: [
    'subject',
    'message',
    'delivery_notes',
    'customer_name',
    'customer_response',
    'from_address',
    'to_address',
  ],
  rentals: ['customer_name', 'customer_email', 'customer_phone'],
  customers: ['name', 'email', 'phone', 'address', 'notes'],
  customer_merges: ['source_name'],
  technicians: ['email', 'phone_number'],
  users: ['email', 'phone_number'],
  order_ratings: ['comment'],
};

export function isSensitiveHistoryField(table: string, field: string): boolean {
  return SENSITIVE_HISTORY_FIELDS[table]?.includes(field) ?? false;
}

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
/** `table.field`, e.g. `service_orders.scheduled_date`. */
export const historyFieldRefSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}\.[a-z][a-z0-9_]{0,62}$/, 'Expected table.field');

export const historyQuerySchema = z.object({
  field: historyFieldRefSchema.optional(),
  actorKind: z.enum(HISTORY_ACTOR_KINDS).optional(),
  actorId: z.string().trim().min(1).max(100).optional(),
  page: strictNumber(z.number().int().min(1)).default(LIMITS.listDefaultPage),
  pageSize: strictNumber(z.number().int().min(1).max(LIMITS.listMaxPageSize)).default(50),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export const historySubjectParamsSchema = z.object({
  subject: z.enum(HISTORY_SUBJECTS),
  id: z.uuid(),
});

/** GET /admin/history: a global administrator's search across partners. */
export const historySearchQuerySchema = historyQuerySchema.extend({
  partnerId: z.uuid().optional(),
  table: identifier.optional(),
  recordId: z.string().trim().min(1).max(200).optional(),
  requestId: z.string().trim().min(1).max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type HistorySearchQuery = z.output<typeof historySearchQuerySchema>;

export const historyActorSchema = z.object({
  kind: z.enum(HISTORY_ACTOR_KINDS),
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type HistoryActor = z.infer<typeof historyActorSchema>;

export const historyEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  table: z.string(),
  recordId: z.string(),
  operation: z.enum(HISTORY_OPERATIONS),
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  /** True when the values are withheld (internal notes, personal data). */
  redacted: z.boolean(),
  actor: historyActorSchema,
  requestId: z.string().nullable(),
  partnerId: z.string().nullable(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const historyPageSchema = z.object({
  items: z.array(historyEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** What the filters offer: the fields and the people in this history. */
  fields: z.array(z.object({ table: z.string(), field: z.string() })),
  actors: z.array(historyActorSchema),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** The partner's retention of history, in months (issue 26: default two years). */
export const HISTORY_RETENTION_DEFAULT_MONTHS = 24;
export const HISTORY_RETENTION_MAX_MONTHS = 120;
export const historyRetentionSchema = z.object({
  months: strictNumber(
    z
      .number(M.historyRetentionRange)
      .int(M.wholeNumber)
      .min(1, M.historyRetentionRange)
      .max(HISTORY_RETENTION_MAX_MONTHS, M.historyRetentionRange),
  ),
});
export type HistoryRetention = z.infer<typeof historyRetentionSchema>;
