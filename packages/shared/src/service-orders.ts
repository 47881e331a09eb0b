// Over 500 lines on purpose: a feature has one schema file under its own name here, as on the
// server and the web (architecture.md), so both sides import one path; its sections (enums,
// transitions, fields, spare-part lines, checkpoints, order, queries, bulk) are marked below.
import { z } from 'zod';
import { hasRole, type AccessSubject } from './access.ts';
import { emailSchema } from './auth.ts';
import { communicationSchema } from './communications.ts';
import { CURRENCIES, LIMITS } from './limits.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { isTimeOfDay } from './technicians.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';
import { isCalendarDay } from './zoned-days.ts';

// ---------------------------------------------------------------------------------------------
// Enums (wire values are lower snake case; labels come from translations)

export const SERVICE_ORDER_STATUSES = [
  'created',
  'scheduled',
  'in_progress',
  'waiting_for_parts',
  'ready_for_pickup',
  'completed',
  'cancelled',
  'on_hold',
] as const;
export const serviceOrderStatusSchema = z.enum(SERVICE_ORDER_STATUSES);
export type ServiceOrderStatus = z.infer<typeof serviceOrderStatusSchema>;

/** Open = not completed and not cancelled (the spare-parts worklist, "only open order" threading). */
export const OPEN_STATUSES: readonly ServiceOrderStatus[] = SERVICE_ORDER_STATUSES.filter(
  (s) => s !== 'completed' && s !== 'cancelled',
);
/** "Orders waiting for service" on the dashboard. */
export const WAITING_STATUSES: readonly ServiceOrderStatus[] = [
  'created',
  'scheduled',
  'waiting_for_parts',
  'on_hold',
];

export const PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof prioritySchema>;

export const SERVICE_TYPES = ['repair', 'maintenance', 'warranty'] as const;
export const serviceTypeSchema = z.enum(SERVICE_TYPES);
export type ServiceType = z.infer<typeof serviceTypeSchema>;

export const currencySchema = z.enum(CURRENCIES);

// ---------------------------------------------------------------------------------------------
// Status transitions (product.md)

const TRANSITIONS: Record<ServiceOrderStatus, readonly ServiceOrderStatus[]> = {
  created: ['scheduled', 'in_progress', 'on_hold', 'cancelled'],
  scheduled: ['in_progress', 'on_hold', 'cancelled'],
  in_progress: ['waiting_for_parts', 'ready_for_pickup', 'completed', 'on_hold', 'cancelled'],
  waiting_for_parts: ['in_progress', 'on_hold', 'cancelled'],
  ready_for_pickup: ['completed', 'in_progress'],
  on_hold: ['created', 'scheduled', 'in_progress', 'cancelled'],
  completed: ['in_progress'],
  cancelled: ['created'],
};

/** Reopening a completed or cancelled order is for Administrators and ServiceManagers. */
function isReopen(from: ServiceOrderStatus): boolean {
  return from === 'completed' || from === 'cancelled';
}

export type TransitionCheck = { ok: true } | { ok: false; reason: 'not_allowed' | 'reopen_requires_manager' };

export function checkTransition(
  from: ServiceOrderStatus,
  to: ServiceOrderStatus,
  subject: AccessSubject,
): TransitionCheck {
  if (!TRANSITIONS[from].includes(to)) return { ok: false, reason: 'not_allowed' };
  if (isReopen(from) && !hasRole(subject, 'ServiceManager'))
    return { ok: false, reason: 'reopen_requires_manager' };
  return { ok: true };
}

/** The statuses the caller may move an order to from `from` (the form's status menu). */
export function nextStatuses(from: ServiceOrderStatus, subject: AccessSubject): ServiceOrderStatus[] {
  return TRANSITIONS[from].filter((to) => checkTransition(from, to, subject).ok);
}

/**
 * The statuses every one of several orders may move to (a bulk status change): the intersection of
 * their next statuses, in the order of SERVICE_ORDER_STATUSES. Empty when they share none.
 */
export function commonNextStatuses(
  froms: readonly ServiceOrderStatus[],
  subject: AccessSubject,
): ServiceOrderStatus[] {
  if (froms.length === 0) return [];
  return SERVICE_ORDER_STATUSES.filter((to) => froms.every((from) => checkTransition(from, to, subject).ok));
}

export function formatOrderNumber(year: number, sequence: number): string {
  return `SO-${year}-${String(sequence).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Field schemas with the spec's messages

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const titleSchema = z
  .string()
  .trim()
  .min(1, M.titleRequired)
  .max(LIMITS.titleMaxExclusive - 1, M.titleTooLong);
export const customerNameSchema = z
  .string()
  .trim()
  .min(1, M.customerNameRequired)
  .max(LIMITS.customerNameMaxExclusive - 1, M.customerNameTooLong);
export const customerEmailSchema = z.string().trim().min(1, M.required).pipe(emailSchema);
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v));
const minorUnits = (negativeMessage: string) =>
  z
    .number({ message: M.wholeNumber })
    .int(M.wholeNumber)
    .min(0, negativeMessage)
    .max(2_000_000_000, M.numberTooLarge);
/** `YYYY-MM-DD`; "not in the past" depends on the stored value and the day, see `isScheduledDateAllowed`. */
export const scheduledDateSchema = z
  .string()
  .refine(isCalendarDay, M.dateInvalid)
  .nullish()
  .transform((v) => v ?? null);

/**
 * The planned start of the visit, `HH:MM` in the partner's time zone; null = some time that day.
 * The messages are the schedule's (`SCHEDULE_FIELD_MESSAGES`), translated by the web app.
 */
export const SCHEDULE_FIELD_MESSAGES = {
  startInvalid: 'Enter a start time as HH:MM',
  estimatedMinutesPositive: 'The estimated duration must be at least 1 minute',
  estimatedMinutesTooLong: 'The estimated duration is too long',
} as const;
/** The longest estimate an order may carry (equals pricing's MAX_ESTIMATED_MINUTES). */
export const MAX_ORDER_ESTIMATED_MINUTES = 10_000;
export const scheduledStartSchema = z.string().refine(isTimeOfDay, SCHEDULE_FIELD_MESSAGES.startInvalid);
/** Estimated minutes of work: a positive whole number; 0 is refused (never "free"). */
export const estimatedMinutesSchema = z
  .number({ message: SCHEDULE_FIELD_MESSAGES.estimatedMinutesPositive })
  .int(M.wholeNumber)
  .min(1, SCHEDULE_FIELD_MESSAGES.estimatedMinutesPositive)
  .max(MAX_ORDER_ESTIMATED_MINUTES, SCHEDULE_FIELD_MESSAGES.estimatedMinutesTooLong);

/** A date may stay as it was; a new or changed date must not be before today (spec §5). */
export function isScheduledDateAllowed(
  value: string | null,
  previous: string | null,
  today: string,
): boolean {
  return value === null || value === previous || value >= today;
}

// ---------------------------------------------------------------------------------------------
// Spare part lines

export const sparePartInputSchema = z.object({
  partNumber: z.string().trim().min(1, M.partNumberRequired).max(100, M.tooLong),
  partName: z.string().trim().min(1, M.partNameRequired).max(200, M.tooLong),
  quantity: z
    .number({ message: M.quantityPositive })
    .int(M.wholeNumber)
    .gt(0, M.quantityPositive)
    .max(100_000, M.numberTooLarge),
  unitCost: minorUnits(M.unitCostNegative),
  currency: currencySchema,
  supplier: optionalText(200),
  notes: optionalText(2000),
});
export type SparePartInput = z.input<typeof sparePartInputSchema>;

export const sparePartSchema = z.object({
  id: z.uuid(),
  serviceOrderId: z.uuid(),
  partNumber: z.string(),
  partName: z.string(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  currency: currencySchema,
  supplier: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type SparePart = z.infer<typeof sparePartSchema>;

export const sparePartUpdateSchema = sparePartInputSchema.extend({ version: z.number().int().min(1) });

/**
 * A line of the order's whole list in PUT: `id` names the line it is (kept, changed in place), no
 * `id` adds a line.
 */
export const sparePartListLineSchema = sparePartInputSchema.extend({ id: z.uuid().optional() });
export type SparePartListLine = z.input<typeof sparePartListLineSchema>;

// ---------------------------------------------------------------------------------------------
// Checkpoints (spec §3)

export const MEASUREMENT_CHECKPOINTS = [
  'heaterElement',
  'batteryVoltage',
  'insulationTest',
  'thermalCouple',
  'sparkPlugSupplierA',
  'sparkPlugSupplierB',
] as const;
export const MEASUREMENT_ANSWERS = ['working_condition', 'needs_attention', 'other'] as const;

export const STATUS_CHECK_COMPONENTS = ['catalyst', 'mainFan', 'controlPanel', 'burnerFan'] as const;
export const COMPONENT_ANSWERS = [
  'working_properly',
  'needs_attention',
  'not_assessed',
  'not_applicable',
  'preventive_maintenance',
] as const;

export const CUSTOMER_AGREEMENTS = ['standard_service', 'check_status_and_estimate', 'other'] as const;
export const SUBMITTED_PARTS = [
  'ashContainer',
  'frontHatch',
  'cable12v',
  'gasCableRegulator',
  'other',
] as const;

const details = z
  .string()
  .trim()
  .max(LIMITS.checkpointDetailsMax, M.detailsTooLong)
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** An answer plus details; details are required when the answer is `other`. */
function answerSchema<T extends readonly [string, ...string[]]>(values: T) {
  return z.object({ answer: z.enum(values).nullable(), details }).superRefine((value, ctx) => {
    if (value.answer === 'other' && !value.details) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: M.detailsRequired });
    }
  });
}

const measurementAnswer = answerSchema(MEASUREMENT_ANSWERS);
const componentAnswer = answerSchema(COMPONENT_ANSWERS);

export const checkpointsSchema = z.object({
  measurements: z.object(
    Object.fromEntries(MEASUREMENT_CHECKPOINTS.map((k) => [k, measurementAnswer.optional()])) as Record<
      (typeof MEASUREMENT_CHECKPOINTS)[number],
      z.ZodOptional<typeof measurementAnswer>
    >,
  ),
  components: z.object(
    Object.fromEntries(STATUS_CHECK_COMPONENTS.map((k) => [k, componentAnswer.optional()])) as Record<
      (typeof STATUS_CHECK_COMPONENTS)[number],
      z.ZodOptional<typeof componentAnswer>
    >,
  ),
  agreement: z
    .object({
      customerAgreement: answerSchema(CUSTOMER_AGREEMENTS).optional(),
      cleanedUponDelivery: z.boolean().nullable().optional(),
      partsSubmitted: z.array(z.enum(SUBMITTED_PARTS)).max(SUBMITTED_PARTS.length).optional(),
      partsSubmittedOtherDetails: details,
    })
    .superRefine((value, ctx) => {
      if (value.partsSubmitted?.includes('other') && !value.partsSubmittedOtherDetails) {
        ctx.addIssue({ code: 'custom', path: ['partsSubmittedOtherDetails'], message: M.detailsRequired });
      }
    }),
});
export type Checkpoints = z.output<typeof checkpointsSchema>;

// Responses are encoded (fastify-type-provider-zod runs z.encode), and zod cannot encode the input
// transforms above. Stored checkpoints are already normalised, so the read side checks the shape only.
const storedAnswer = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ answer: z.enum(values).nullable(), details: z.string().nullable() });
const storedMeasurement = storedAnswer(MEASUREMENT_ANSWERS);
const storedComponent = storedAnswer(COMPONENT_ANSWERS);
export const storedCheckpointsSchema = z.object({
  measurements: z.object(
    Object.fromEntries(MEASUREMENT_CHECKPOINTS.map((k) => [k, storedMeasurement.optional()])) as Record<
      (typeof MEASUREMENT_CHECKPOINTS)[number],
      z.ZodOptional<typeof storedMeasurement>
    >,
  ),
  components: z.object(
    Object.fromEntries(STATUS_CHECK_COMPONENTS.map((k) => [k, storedComponent.optional()])) as Record<
      (typeof STATUS_CHECK_COMPONENTS)[number],
      z.ZodOptional<typeof storedComponent>
    >,
  ),
  agreement: z.object({
    customerAgreement: storedAnswer(CUSTOMER_AGREEMENTS).optional(),
    cleanedUponDelivery: z.boolean().nullable().optional(),
    partsSubmitted: z.array(z.enum(SUBMITTED_PARTS)).optional(),
    partsSubmittedOtherDetails: z.string().nullable(),
  }),
});

export const EMPTY_CHECKPOINTS: Checkpoints = {
  measurements: {},
  components: {},
  agreement: { partsSubmittedOtherDetails: null },
};

// ---------------------------------------------------------------------------------------------
// Service order: create, update, read

const orderFields = {
  title: titleSchema,
  serviceType: serviceTypeSchema.default('repair'),
  priority: prioritySchema.default('normal'),
  description: optionalText(10_000),
  serialNumber: optionalText(100),
  relatedProductId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  estimatedCost: minorUnits(M.estimatedCostNegative)
    .nullish()
    .transform((v) => v ?? null),
  currency: currencySchema.default('NOK'),
  scheduledDate: scheduledDateSchema,
  scheduledStart: scheduledStartSchema.nullish().transform((v) => v ?? null),
  estimatedMinutes: estimatedMinutesSchema.nullish().transform((v) => v ?? null),
  assignedTechnicianId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  customerName: customerNameSchema,
  customerEmail: customerEmailSchema,
  customerPhone: phoneSchema,
  customerAddress: optionalText(500),
  internalNotes: optionalText(10_000),
  warehouseLocationId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  completionNotes: optionalText(10_000),
  checkpoints: checkpointsSchema.optional(),
};

export const serviceOrderCreateSchema = z.object({
  ...orderFields,
  spareParts: z.array(sparePartInputSchema).max(200).default([]),
});
export type ServiceOrderCreate = z.output<typeof serviceOrderCreateSchema>;
export type ServiceOrderCreateInput = z.input<typeof serviceOrderCreateSchema>;

// For PUT, an absent field must stay `undefined` ("keep"), while '' or null clears it; the create
// helpers above turn an absent field into null, which would wipe it.
const optionalTextPatch = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' ? null : v));
const phonePatchSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
  .nullish()
  .transform((v) => (v === '' ? null : v));

/**
 * PUT changes the fields it carries and leaves the others as they are; `spareParts`, when sent, is
 * the order's whole list: lines with an `id` are changed in place (their ids stay), lines without
 * one are added, lines left out are removed. `version` must be the one last read (409 otherwise).
 */
export const serviceOrderUpdateSchema = z.object({
  title: orderFields.title.optional(),
  serviceType: serviceTypeSchema.optional(),
  priority: prioritySchema.optional(),
  status: serviceOrderStatusSchema.optional(),
  description: optionalTextPatch(10_000),
  serialNumber: optionalTextPatch(100),
  relatedProductId: z.uuid().nullable().optional(),
  estimatedCost: minorUnits(M.estimatedCostNegative).nullable().optional(),
  currency: currencySchema.optional(),
  scheduledDate: z.string().refine(isCalendarDay, M.dateInvalid).nullable().optional(),
  scheduledStart: scheduledStartSchema.nullable().optional(),
  estimatedMinutes: estimatedMinutesSchema.nullable().optional(),
  assignedTechnicianId: z.uuid().nullable().optional(),
  customerName: customerNameSchema.optional(),
  customerEmail: customerEmailSchema.optional(),
  customerPhone: phonePatchSchema,
  customerAddress: optionalTextPatch(500),
  internalNotes: optionalTextPatch(10_000),
  warehouseLocationId: z.uuid().nullable().optional(),
  completionNotes: optionalTextPatch(10_000),
  checkpoints: checkpointsSchema.optional(),
  spareParts: z.array(sparePartListLineSchema).max(200).optional(),
  version: z.number().int().min(1),
});
export type ServiceOrderUpdate = z.output<typeof serviceOrderUpdateSchema>;
export type ServiceOrderUpdateInput = z.input<typeof serviceOrderUpdateSchema>;

export const statusHistoryEntrySchema = z.object({
  id: z.uuid(),
  fromStatus: serviceOrderStatusSchema.nullable(),
  toStatus: serviceOrderStatusSchema,
  changedBy: z.uuid().nullable(),
  changedByName: z.string().nullable(),
  changedAt: z.iso.datetime(),
  note: z.string().nullable(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const serviceOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  title: z.string(),
  serviceType: serviceTypeSchema,
  priority: prioritySchema,
  status: serviceOrderStatusSchema,
  description: z.string().nullable(),
  serialNumber: z.string().nullable(),
  relatedProductId: z.uuid().nullable(),
  estimatedCost: z.number().int().nullable(),
  currency: currencySchema,
  scheduledDate: z.string().nullable(),
  // Always answered since issue 25; optional in the type so that objects written before it (test
  // fixtures of the web app) still type-check. Absent means null.
  scheduledStart: z.string().nullable().optional(),
  estimatedMinutes: z.number().int().nullable().optional(),
  assignedTechnicianId: z.uuid().nullable(),
  assignedTechnicianName: z.string().nullable(),
  customerId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  internalNotes: z.string().nullable(),
  warehouseLocationId: z.uuid().nullable(),
  warehouseLocationName: z.string().nullable(),
  completionNotes: z.string().nullable(),
  checkpoints: storedCheckpointsSchema,
  spareParts: z.array(sparePartSchema),
  statusHistory: z.array(statusHistoryEntrySchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

/**
 * A row of the list (spec §2 columns) without the heavy nested parts; `communications` only when
 * the list is asked for them (`includeCommunications=true`, the original client's badge).
 */
export const serviceOrderListItemSchema = serviceOrderSchema
  .pick({
    id: true,
    orderNumber: true,
    title: true,
    serviceType: true,
    priority: true,
    status: true,
    customerId: true,
    customerName: true,
    customerEmail: true,
    customerPhone: true,
    serialNumber: true,
    scheduledDate: true,
    assignedTechnicianId: true,
    assignedTechnicianName: true,
    createdAt: true,
    updatedAt: true,
    completedAt: true,
    version: true,
  })
  .extend({ communications: z.array(communicationSchema).optional() });
export type ServiceOrderListItem = z.infer<typeof serviceOrderListItemSchema>;

// ---------------------------------------------------------------------------------------------
// Queries

const csvOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(item).max(SERVICE_ORDER_STATUSES.length),
  );

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** GET /service-orders and /service-orders/export: the list screen's filters, kept in its URL. */
export const serviceOrderListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: csvOf(serviceOrderStatusSchema).optional(),
  priority: csvOf(prioritySchema).optional(),
  serviceType: csvOf(serviceTypeSchema).optional(),
  customerEmail: z.string().trim().max(254).optional(),
  customerId: z.uuid().optional(),
  assignedTechnicianId: z.uuid().optional(),
  /** The orders naming one catalogue product (its product and toilet pages). */
  relatedProductId: z.uuid().optional(),
  /** Created / completed in [from, to): the dashboard's figures link here with their period. */
  createdFrom: z.iso.datetime().optional(),
  createdTo: z.iso.datetime().optional(),
  completedFrom: z.iso.datetime().optional(),
  completedTo: z.iso.datetime().optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
  includeCommunications: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ServiceOrderListQuery = z.output<typeof serviceOrderListQuerySchema>;

export const serviceOrderExportQuerySchema = serviceOrderListQuerySchema
  .omit({ page: true, pageSize: true, includeCommunications: true })
  .extend({
    includeInternalNotes: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  });
export type ServiceOrderExportQuery = z.output<typeof serviceOrderExportQuerySchema>;

/** POST /service-orders/search (spec §2 "Search service orders"). */
export const serviceOrderSearchSchema = z.object({
  customerName: z.string().trim().max(100).optional(),
  orderNumber: z.string().trim().max(40).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(40).optional(),
  serialNumber: z.string().trim().max(100).optional(),
  status: z.array(serviceOrderStatusSchema).max(SERVICE_ORDER_STATUSES.length).optional(),
  priority: z.array(prioritySchema).max(PRIORITIES.length).optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(LIMITS.listMaxPageSize).default(LIMITS.listDefaultPageSize),
});
export type ServiceOrderSearch = z.output<typeof serviceOrderSearchSchema>;

/** POST /service-orders/global-search: one text over number, customer, e-mail, phone, serial. */
export const serviceOrderGlobalSearchSchema = z.object({
  query: z.string().trim().min(LIMITS.searchMinChars).max(100),
  limit: z.number().int().min(1).max(50).default(LIMITS.searchResultsPerType),
});

export const serviceOrderListResponseSchema = listResponseSchema(serviceOrderListItemSchema);

export const serviceOrderStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(serviceOrderStatusSchema, z.number().int()),
  byPriority: z.record(prioritySchema, z.number().int()),
  byServiceType: z.record(serviceTypeSchema, z.number().int()),
  waitingForService: z.number().int(),
  open: z.number().int(),
  completedLast30Days: z.number().int(),
  createdLast30Days: z.number().int(),
  /** completed ÷ (all but cancelled), 0–1. */
  completionRate: z.number(),
  /** Mean of completedAt − createdAt over completed orders, in hours; null with none completed. */
  averageResolutionHours: z.number().nullable(),
});
export type ServiceOrderStats = z.infer<typeof serviceOrderStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk operations (spec §3 "Bulk operation")

const orderIdsSchema = z.array(z.uuid()).min(1).max(500);

export const bulkUpdateStatusSchema = z.object({
  orderIds: orderIdsSchema,
  status: serviceOrderStatusSchema,
  completionNotes: optionalText(10_000),
});
export const bulkAssignTechnicianSchema = z.object({
  orderIds: orderIdsSchema,
  technicianId: z.uuid().nullable(),
});
export const bulkResultSchema = z.object({ updated: z.number().int() });

/** How long "Undo" after a bulk status change puts the orders back (issue 31, decision 069). */
export const BULK_UNDO_MINUTES = 5;
/** Undo of the caller's own bulk move of these orders to `status`, within BULK_UNDO_MINUTES. */
export const bulkUndoStatusSchema = z.object({
  orderIds: orderIdsSchema,
  status: serviceOrderStatusSchema,
});

export const serviceOrderIdParamsSchema = z.object({ id: z.uuid() });
export const sparePartParamsSchema = z.object({ id: z.uuid(), partId: z.uuid() });

/** GET /customers/{id}/service-orders: the customer's orders, newest first by default. */
export const customerOrdersQuerySchema = serviceOrderListQuerySchema.pick({
  page: true,
  pageSize: true,
  status: true,
  sortDirection: true,
});
export type CustomerOrdersQuery = z.output<typeof customerOrdersQuerySchema>;
