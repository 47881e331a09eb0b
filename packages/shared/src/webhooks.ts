import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './validation.ts';

/**
 * Webhooks out (issue 29 part 2, docs/decisions/056-webhooks-out.md): a partner's Administrator
 * registers endpoints and the events each wants; every event is signed to the Standard Webhooks
 * spec (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and delivered with retries.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.scheduled',
  'order.completed',
  'rental.created',
  'rental.returned',
  'rental.overdue',
  'customer_upload.completed',
  'estimate.approved',
  'report.signed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** Sent by "Send test event" to one endpoint, whatever events it chose. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookAnyEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/**
 * The body of every delivery: `data` is the record as the API answers it (an order as
 * GET /api/service-orders/:id, a rental as GET /api/rentals/:id, …). `order.status_changed`
 * adds `previousStatus` beside the order's fields.
 */
export interface WebhookPayload<T = unknown> {
  type: WebhookAnyEventType;
  /** ISO 8601, when the change happened. */
  timestamp: string;
  data: T;
}

/**
 * The fields these events' data always has: `estimate.approved` sends the estimate as the API
 * answers it with these beside; `report.signed` sends these with the signer, language and hash.
 */
export interface EstimateApprovedData {
  id: string;
  orderId: string;
  approvedAt: string;
}
export interface ReportSignedData {
  id: string;
  orderId: string;
  signedAt: string;
}
export interface CustomerUploadCompletedData {
  orderId: string;
  orderNumber: string;
  imageIds: string[];
  uploadedAt: string;
}

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_ENDPOINTS_PER_PARTNER_MAX = 20;
/** How much of an endpoint's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_LOG_BYTES = 2048;
/** After the first attempt, the waits before each retry (Svix's schedule; each ±20 %). */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const WEBHOOK_JITTER = 0.2;
/** An endpoint that has failed without a single success this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** A rotated secret still signs (beside the new one) this long. */
export const WEBHOOK_OLD_SECRET_MS = 24 * 3_600_000;

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed (1-based), or null when
 * that was the last; `random` in [0, 1) spreads retries ±20 % so endpoints coming back up are not
 * hit all at once.
 */
export function webhookRetryDelay(attempt: number, random: number): number | null {
  const base = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - WEBHOOK_JITTER + 2 * WEBHOOK_JITTER * random));
}
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

const urlSchema = z
  .string()
  .trim()
  .min(1, M.required)
  .max(WEBHOOK_URL_MAX, M.tooLong)
  .pipe(z.url({ protocol: /^https?$/, error: M.urlInvalid }))
  // No user name or password in the address (they would be sent to whoever answers).
  .refine((text) => !/^https?:\/\/[^/?#]*@/i.test(text), M.urlInvalid);

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, M.required)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((t) => list.includes(t)));

export const webhookEndpointCreateSchema = z.object({
  url: urlSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, M.tooLong).default(''),
  events: eventsSchema,
  enabled: z.boolean().default(true),
});
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z.object({
  url: urlSchema.optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, M.tooLong).optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.output<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** `whsec_` + base64; Administrators see it to configure their receiver. */
  secret: z.string(),
  /** Until then the previous secret signs too (a second signature in `webhook-signature`). */
  previousSecretExpiresAt: z.iso.datetime().nullable(),
  /** Set when the endpoint was switched off after five days of failures. */
  disabledReason: z.enum(['failing']).nullable(),
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListResponseSchema = z.object({ items: z.array(webhookEndpointSchema) });
export type WebhookEndpointListResponse = z.infer<typeof webhookEndpointListResponseSchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export const WEBHOOK_ATTEMPT_OUTCOMES = ['succeeded', 'failed', 'refused'] as const;

/** One attempt of one delivery: the delivery log's row. */
export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  deliveryId: z.uuid(),
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  at: z.iso.datetime(),
  outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first 2 KB of the answer. */
  response: z.string(),
  /** Why nothing was sent or no answer came (refused address, time-out, …). */
  error: z.string().nullable(),
  deliveryState: z.enum(WEBHOOK_DELIVERY_STATES),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListResponseSchema = z.object({ items: z.array(webhookAttemptSchema) });
export type WebhookAttemptListResponse = z.infer<typeof webhookAttemptListResponseSchema>;

export const webhookQueuedSchema = z.object({ deliveryId: z.uuid() });
