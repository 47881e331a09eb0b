import { z } from 'zod';
import { partnerBrandSchema } from './partner-brand.ts';
import type { ServiceOrderStatus } from './service-orders.ts';
import { LIMITS } from './limits.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';

/** The languages a link's message can be written in (the customer's, chosen by staff). */
export const UPLOAD_LINK_LANGUAGES = ['en', 'nb', 'es'] as const;
export const uploadLinkLanguageSchema = z.enum(UPLOAD_LINK_LANGUAGES);
export type UploadLinkLanguage = z.infer<typeof uploadLinkLanguageSchema>;

export const UPLOAD_LINK_CHANNELS = ['sms', 'email', 'none'] as const;

export const UPLOAD_LINK_RULES = {
  ttlMs: LIMITS.uploadTokenTtlMs,
  /** Wrong phone/serial answers per link (or per address on the lookup) within the window. */
  maxFailedAttempts: 5,
  attemptWindowMs: 15 * 60_000,
  /** Random bytes in a token (≥ 128 bits). */
  tokenBytes: 24,
} as const;

/** Spec §5: the customer's message when one of the two is missing. */
export const UPLOAD_MESSAGES = {
  bothRequired: M.uploadLookupRequired,
} as const;

export const uploadLinkCreateSchema = z
  .object({
    sendVia: z.enum(UPLOAD_LINK_CHANNELS).default('sms'),
    /** The customer's language; by default guessed from the phone's country code. */
    language: uploadLinkLanguageSchema.optional(),
  })
  .strict();
export type UploadLinkCreate = z.input<typeof uploadLinkCreateSchema>;

export const uploadLinkSchema = z.object({
  id: z.uuid(),
  serviceOrderId: z.uuid(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  sentVia: z.enum(UPLOAD_LINK_CHANNELS),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  bytesUsed: z.number().int(),
});
export type UploadLink = z.infer<typeof uploadLinkSchema>;

/** The answer to a create: the only time the token (inside `url`) is ever shown. */
export const uploadLinkCreatedSchema = uploadLinkSchema.extend({
  url: z.string(),
  communicationId: z.uuid().nullable(),
});
export type UploadLinkCreated = z.infer<typeof uploadLinkCreatedSchema>;

export const uploadLinkParamsSchema = z.object({ id: z.uuid(), linkId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// The customer's side (public; the token is the secret, verification proves the customer)

export const uploadTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
export const uploadTokenParamsSchema = z.object({ token: uploadTokenSchema });

const required = (max: number) => z.string().trim().min(1, UPLOAD_MESSAGES.bothRequired).max(max, M.tooLong);

export const uploadVerifySchema = z
  .object({
    phoneNumber: required(40).refine(isValidPhone, M.phoneInvalid),
    serialNumber: required(100),
  })
  .strict();
export type UploadVerify = z.infer<typeof uploadVerifySchema>;

/** Customer words for order status (product.md). */
export const CUSTOMER_STAGES = [
  'received',
  'scheduled',
  'in_repair',
  'waiting_for_parts',
  'ready_for_pickup',
  'completed',
] as const;
export type CustomerStage = (typeof CUSTOMER_STAGES)[number] | 'cancelled';

export function customerStageOf(status: ServiceOrderStatus): CustomerStage {
  switch (status) {
    case 'created':
      return 'received';
    case 'in_progress':
    case 'on_hold':
      return 'in_repair';
    default:
      return status;
  }
}

export const customerStageSchema = z.enum([...CUSTOMER_STAGES, 'cancelled']);

/** Service Information: what anyone holding the link sees (never notes, costs or names of staff). */
export const uploadInfoSchema = z.object({
  orderNumber: z.string(),
  product: z.string(),
  stage: customerStageSchema,
  expiresAt: z.iso.datetime(),
  bytesRemaining: z.number().int(),
  /** Whose service this is: the partner's name, logo and contact (decision 077); null without it. */
  partner: partnerBrandSchema.nullable(),
});
export type UploadInfo = z.infer<typeof uploadInfoSchema>;

/** Proof of verification, sent back as `X-Upload-Session` on the customer's later calls. */
export const uploadSessionSchema = z.object({
  session: z.string(),
  expiresAt: z.iso.datetime(),
});
export type UploadSession = z.infer<typeof uploadSessionSchema>;
export const UPLOAD_SESSION_HEADER = 'x-upload-session';

/** `/customer-upload` without a token: phone + serial find the open order and open a link. */
export const uploadLookupResultSchema = uploadSessionSchema.extend({ token: uploadTokenSchema });
export type UploadLookupResult = z.infer<typeof uploadLookupResultSchema>;

export const uploadedImageSchema = z.object({
  id: z.uuid(),
  category: z.string(),
  description: z.string().nullable(),
});
export const uploadResultSchema = z.object({
  images: z.array(uploadedImageSchema),
  bytesRemaining: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const progressStepSchema = z.object({
  stage: customerStageSchema,
  /** When the order last entered this stage; null when not (yet) reached. */
  reachedAt: z.iso.datetime().nullable(),
});

export const ratingInputSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    comment: z.string().trim().max(2000, M.tooLong).optional(),
  })
  .strict();
export type RatingInput = z.infer<typeof ratingInputSchema>;

export const ratingSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const uploadStatusSchema = z.object({
  orderNumber: z.string(),
  product: z.string(),
  stage: customerStageSchema,
  steps: z.array(progressStepSchema),
  rating: ratingSchema.nullable(),
  canRate: z.boolean(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/**
 * The customer's progress line from the order's status history (oldest first): each stage with
 * the last time the order entered it. Stages after the current one are shown as not reached, even
 * when an earlier pass reached them (a reopened order goes back).
 */
export function customerProgress(
  history: readonly { toStatus: ServiceOrderStatus; changedAt: string }[],
  current: ServiceOrderStatus,
): { stage: CustomerStage; reachedAt: string | null }[] {
  const reached = new Map<CustomerStage, string>();
  for (const h of history) reached.set(customerStageOf(h.toStatus), h.changedAt);
  const stage = customerStageOf(current);
  const stages: CustomerStage[] =
    stage === 'cancelled' ? [...CUSTOMER_STAGES.slice(0, 1), 'cancelled'] : [...CUSTOMER_STAGES];
  const currentIndex = stages.indexOf(stage);
  return stages.map((s, i) => ({
    stage: s,
    reachedAt: i <= currentIndex ? (reached.get(s) ?? null) : null,
  }));
}

/** The customer's language guessed from a phone number's country code. */
export function languageForPhone(phone: string | null): UploadLinkLanguage {
  const p = (phone ?? '').replace(/[\s().-]/g, '');
  if (/^(\+|00)47/.test(p)) return 'nb';
  if (/^(\+|00)(34|52|54|56|57|58|51|53|591|593|595|598|502|503|504|505|506|507)/.test(p)) return 'es';
  if (/^(\+|00)/.test(p)) return 'en';
  return 'nb'; // a number without a country code is a domestic (Norwegian) one
}
