import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { strictNumber, VALIDATION_MESSAGES as M } from './validation.ts';

// ---------------------------------------------------------------------------------------------
// Enums (spec §3 "Communication"; wire values lower snake case)

export const METHODS = ['email', 'phone', 'sms', 'in_person'] as const;
export const methodSchema = z.enum(METHODS);
export type CommunicationMethod = z.infer<typeof methodSchema>;

/** E-mail and SMS entries are sent (unless internal); phone calls and in-person talks are logs. */
export const SENT_METHODS: readonly CommunicationMethod[] = ['email', 'sms'];
export const LOGGED_METHODS: readonly CommunicationMethod[] = ['phone', 'in_person'];
export const isSentMethod = (method: CommunicationMethod) => SENT_METHODS.includes(method);

export const DIRECTIONS = ['inbound', 'outbound'] as const;
export const directionSchema = z.enum(DIRECTIONS);
export type CommunicationDirection = z.infer<typeof directionSchema>;

/**
 * pending → sending → sent | failed for what we send; `received` for what came in by e-mail or SMS;
 * `logged` for phone calls, in-person talks and internal entries, which are never sent.
 */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'received', 'logged'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** Spec §3 "status (Read or not)"; §4: marking read sets readAt to now. */
export const READ_STATUSES = ['read', 'unread'] as const;
export const readStatusSchema = z.enum(READ_STATUSES);
export type ReadStatus = z.infer<typeof readStatusSchema>;

export const COMMUNICATION_LIMITS = {
  subjectMax: 300,
  messageMax: 10_000,
  /** Twilio joins at most 10 segments; longer bodies are refused. */
  smsMax: 1600,
  notesMax: 2000,
  customerResponseMax: 10_000,
  /** The unread list beside the badge. */
  unreadListDefault: 10,
  unreadListMax: 50,
} as const;

export const COMMUNICATION_MESSAGES = {
  subjectRequired: 'An e-mail needs a subject',
  smsTooLong: `An SMS can be at most ${COMMUNICATION_LIMITS.smsMax} characters`,
  inboundOnlyForLogs: 'Only phone calls and in-person talks can be logged as inbound',
  occurredAtOnlyForLogs: 'Only logged entries can be given a time; a sent message gets the time it is sent',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
// For PUT an absent field stays undefined ("keep"); '' or null clears it.
const optionalTextPatch = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' ? null : v));

const messageText = z.string().trim().min(1, M.required).max(COMMUNICATION_LIMITS.messageMax, M.tooLong);
const isoInstant = z.iso.datetime({ offset: true });

/**
 * POST /service-orders/{id}/communications. E-mail and SMS are sent to the order's customer
 * unless `isInternal`; phone and in-person entries are logs and may say when they happened and
 * which way the call went.
 */
export const communicationCreateSchema = z
  .object({
    method: methodSchema,
    subject: optionalText(COMMUNICATION_LIMITS.subjectMax),
    message: messageText,
    deliveryNotes: optionalText(COMMUNICATION_LIMITS.notesMax),
    isInternal: z.boolean().default(false),
    customerResponse: optionalText(COMMUNICATION_LIMITS.customerResponseMax),
    occurredAt: isoInstant.optional(),
    direction: directionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const sent = isSentMethod(v.method) && !v.isInternal;
    if (sent && v.method === 'email' && !v.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: COMMUNICATION_MESSAGES.subjectRequired });
    }
    if (sent && v.method === 'sms' && v.message.length > COMMUNICATION_LIMITS.smsMax) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: COMMUNICATION_MESSAGES.smsTooLong });
    }
    if (v.direction === 'inbound' && !LOGGED_METHODS.includes(v.method)) {
      ctx.addIssue({
        code: 'custom',
        path: ['direction'],
        message: COMMUNICATION_MESSAGES.inboundOnlyForLogs,
      });
    }
    if (v.occurredAt !== undefined && sent) {
      ctx.addIssue({
        code: 'custom',
        path: ['occurredAt'],
        message: COMMUNICATION_MESSAGES.occurredAtOnlyForLogs,
      });
    }
  });
export type CommunicationCreate = z.output<typeof communicationCreateSchema>;
export type CommunicationCreateInput = z.input<typeof communicationCreateSchema>;

/**
 * PUT /service-orders/{id}/communications/{commId}: the fields sent change, `version` must be
 * the one last read (409 otherwise). What was sent or received keeps its text; only its delivery
 * notes and the customer's response can change (the server answers 409 otherwise).
 */
export const communicationUpdateSchema = z.object({
  subject: optionalTextPatch(COMMUNICATION_LIMITS.subjectMax),
  message: messageText.optional(),
  deliveryNotes: optionalTextPatch(COMMUNICATION_LIMITS.notesMax),
  isInternal: z.boolean().optional(),
  customerResponse: optionalTextPatch(COMMUNICATION_LIMITS.customerResponseMax),
  occurredAt: isoInstant.optional(),
  direction: directionSchema.optional(),
  version: z.number().int().min(1),
});
export type CommunicationUpdate = z.output<typeof communicationUpdateSchema>;
export type CommunicationUpdateInput = z.input<typeof communicationUpdateSchema>;

/** POST /communications/{commId}/assign: file an inbound message under one of the partner's orders. */
export const communicationAssignSchema = z.object({ serviceOrderId: z.uuid() });

export const communicationParamsSchema = z.object({ id: z.uuid(), commId: z.uuid() });
export const communicationIdParamsSchema = z.object({ commId: z.uuid() });

export const unreadQuerySchema = z.object({
  limit: strictNumber(z.number().int().min(1).max(COMMUNICATION_LIMITS.unreadListMax)).default(
    COMMUNICATION_LIMITS.unreadListDefault,
  ),
});
export const unassignedQuerySchema = pageQuerySchema;

// ---------------------------------------------------------------------------------------------
// Responses (no transforms: responses are encoded through these schemas)

export const communicationSchema = z.object({
  id: z.uuid(),
  serviceOrderId: z.uuid().nullable(),
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  deliveryNotes: z.string().nullable(),
  method: methodSchema,
  direction: directionSchema,
  isInternal: z.boolean(),
  status: readStatusSchema,
  readAt: z.iso.datetime().nullable(),
  /** The user who entered or sent it (null for what came in from a customer). */
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  customerResponse: z.string().nullable(),
  fromAddress: z.string().nullable(),
  toAddress: z.string().nullable(),
  deliveryStatus: deliveryStatusSchema,
  deliveryError: z.string().nullable(),
  deliveryAttempts: z.number().int(),
  /** When it happened: sent, received, or the time given for a logged call. */
  occurredAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type Communication = z.infer<typeof communicationSchema>;

/** A message in the partner-wide lists (unread badge, unassigned inbox), with its order's number. */
export const inboxItemSchema = communicationSchema.extend({ orderNumber: z.string().nullable() });
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** GET /communications/unread: the badge's number and the newest unread inbound messages. */
export const unreadSummarySchema = z.object({
  count: z.number().int(),
  items: z.array(inboxItemSchema),
});
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

export const unassignedListSchema = listResponseSchema(inboxItemSchema);

// ---------------------------------------------------------------------------------------------
// Message templates (pure; the web form prefills subject and text from them)

export const TEMPLATE_IDS = ['scheduled', 'waiting_for_parts', 'ready_for_pickup', 'completed'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];
export const templateIdSchema = z.enum(TEMPLATE_IDS);

export const TEMPLATE_VARIABLES = ['orderNumber', 'customerName', 'scheduledDate', 'partnerName'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateVariables = Partial<Record<TemplateVariable, string | null | undefined>>;

export interface MessageTemplate {
  subject: string;
  message: string;
}

export const TEMPLATES: Record<TemplateId, MessageTemplate> = {
  scheduled: {
    subject: 'Your service visit for order {orderNumber} is scheduled',
    message:
      'Hello {customerName},\n\nYour service order {orderNumber} is scheduled for {scheduledDate}. ' +
      'Reply to this message if the day does not suit you.\n\nBest regards,\n{partnerName}',
  },
  waiting_for_parts: {
    subject: 'Your order {orderNumber} is waiting for parts',
    message:
      'Hello {customerName},\n\nWe are waiting for spare parts for your order {orderNumber}. ' +
      'We will let you know as soon as they arrive.\n\nBest regards,\n{partnerName}',
  },
  ready_for_pickup: {
    subject: 'Your order {orderNumber} is ready for pickup',
    message:
      'Hello {customerName},\n\nYour order {orderNumber} is ready for pickup. ' +
      'Bring the order number when you come.\n\nBest regards,\n{partnerName}',
  },
  completed: {
    subject: 'Your order {orderNumber} is completed',
    message:
      'Hello {customerName},\n\nThe work on your order {orderNumber} is completed. ' +
      'Thank you for choosing us.\n\nBest regards,\n{partnerName}',
  },
};

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * Fills a template's `{name}` placeholders. A variable without a value keeps its placeholder (so
 * the person sending sees what to fill in) and is listed in `missing`.
 */
export function renderTemplate(
  id: TemplateId,
  vars: TemplateVariables,
): MessageTemplate & { missing: TemplateVariable[] } {
  const template = TEMPLATES[id];
  const missing = new Set<TemplateVariable>();
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) return whole;
      const value = vars[name as TemplateVariable];
      if (value === undefined || value === null || value.trim() === '') {
        missing.add(name as TemplateVariable);
        return whole;
      }
      return value;
    });
  const subject = fill(template.subject);
  const message = fill(template.message);
  return { subject, message, missing: TEMPLATE_VARIABLES.filter((v) => missing.has(v)) };
}

/** Unread = inbound and never opened; the badge counts these (spec §1). */
export function readStatusOf(readAt: string | Date | null): ReadStatus {
  return readAt === null ? 'unread' : 'read';
}
