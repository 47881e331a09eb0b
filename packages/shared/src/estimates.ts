import { z } from 'zod';
import { CURRENCIES } from './limits.ts';
import { DEFAULT_ESTIMATE_REMINDER_DAYS, hourlyCost, PRICING_LIMITS, vatBasisPoints } from './pricing.ts';

export { vatBasisPoints, vatRateSchema } from './pricing.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

// Estimates the customer approves (issue 27, part 1): spare-part lines and labour priced by the
// partner's pricing configuration, VAT at the configuration's rate. Money is integer minor units,
// like spare parts and work logs; the VAT rate is a percentage with at most two decimals, computed
// in basis points so that no floating point reaches an amount.

export const ESTIMATE_STATUSES = ['draft', 'sent', 'opened', 'approved', 'declined', 'expired'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const ESTIMATE_LIMITS = {
  maxLines: 100,
  maxQuantity: 100_000,
  /** 1 000 hours of labour on one estimate. */
  maxLabourMinutes: 60_000,
  maxNoteLength: 2000,
  /** Days an estimate is valid when staff do not choose (brief: +30 days). */
  defaultValidDays: 30,
  /** Days before expiry the reminder goes while the partner has not chosen (pricing config). */
  defaultReminderDays: DEFAULT_ESTIMATE_REMINDER_DAYS,
  maxNameLength: 200,
  maxCommentLength: 2000,
} as const;

export const ESTIMATE_MESSAGES = {
  linesRequired: 'Add at least one line or some labour',
  tooManyLines: 'Too many lines',
  validUntilInvalid: 'Choose a valid date',
  nameRequired: 'Type your name to approve',
  commentRequired: 'Tell us why you decline',
  alreadyDecided: 'This estimate has already been answered.',
  expired: 'This estimate has expired. Ask us for a new one.',
  superseded: 'This estimate has been replaced by a newer version.',
  notSent: 'Only a draft can be changed; a sent estimate gets a new version.',
} as const;
const E = ESTIMATE_MESSAGES;

const money = z
  .number({ message: M.wholeNumber })
  .int(M.wholeNumber)
  .min(0, 'The price cannot be negative')
  .max(PRICING_LIMITS.maxPriceMinor, 'The price is too high');

export const estimateLineInputSchema = z.object({
  partNumber: z.string().trim().max(100, M.tooLong).default(''),
  description: z.string().trim().min(1, M.required).max(200, M.tooLong),
  quantity: z
    .number({ message: M.quantityPositive })
    .int(M.wholeNumber)
    .gt(0, M.quantityPositive)
    .max(ESTIMATE_LIMITS.maxQuantity, M.numberTooLarge),
  unitPriceMinor: money,
});
export type EstimateLineInput = z.input<typeof estimateLineInputSchema>;
export type EstimateLine = z.output<typeof estimateLineInputSchema>;

const isoDate = z.iso.date({ message: E.validUntilInvalid });

/** `POST /service-orders/{id}/estimates` (a new version) and `PUT` of a draft. */
export const estimateInputSchema = z
  .object({
    lines: z.array(estimateLineInputSchema).max(ESTIMATE_LIMITS.maxLines, E.tooManyLines).default([]),
    labourMinutes: z
      .number({ message: M.wholeNumber })
      .int(M.wholeNumber)
      .min(0, M.wholeNumber)
      .max(ESTIMATE_LIMITS.maxLabourMinutes, M.numberTooLarge)
      .default(0),
    /** Absent: today + 30 days. */
    validUntil: isoDate.optional(),
    noteToCustomer: z
      .string()
      .trim()
      .max(ESTIMATE_LIMITS.maxNoteLength, M.tooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.lines.length > 0 || v.labourMinutes > 0, { message: E.linesRequired, path: ['lines'] });
export type EstimateInput = z.output<typeof estimateInputSchema>;
export type EstimateInputValues = z.input<typeof estimateInputSchema>;

export const estimateSendSchema = z.object({ method: z.enum(['email', 'sms']) });
export type EstimateSend = z.output<typeof estimateSendSchema>;

export const estimateApproveSchema = z.object({
  estimateId: z.uuid(),
  version: z.number().int().min(1),
  name: z.string().trim().min(1, E.nameRequired).max(ESTIMATE_LIMITS.maxNameLength, M.tooLong),
});
export type EstimateApprove = z.output<typeof estimateApproveSchema>;

export const estimateDeclineSchema = z.object({
  estimateId: z.uuid(),
  version: z.number().int().min(1),
  comment: z.string().trim().min(1, E.commentRequired).max(ESTIMATE_LIMITS.maxCommentLength, M.tooLong),
});
export type EstimateDecline = z.output<typeof estimateDeclineSchema>;

export const estimateTotalsSchema = z.object({
  lines: z.array(z.object({ amountMinor: z.number().int() })),
  labourMinor: z.number().int(),
  subtotalMinor: z.number().int(),
  vatMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type EstimateTotals = z.infer<typeof estimateTotalsSchema>;

export const estimateSchema = z.object({
  id: z.uuid(),
  serviceOrderId: z.uuid(),
  version: z.number().int(),
  status: z.enum(ESTIMATE_STATUSES),
  /** True once a newer version exists: read-only, the customer cannot answer it. */
  superseded: z.boolean(),
  lines: z.array(
    z.object({
      partNumber: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitPriceMinor: z.number().int(),
    }),
  ),
  labourMinutes: z.number().int(),
  labourRateMinor: z.number().int(),
  vatRate: z.number(),
  currency: z.enum(CURRENCIES),
  totals: estimateTotalsSchema,
  validUntil: z.iso.date(),
  noteToCustomer: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  sentVia: z.enum(['email', 'sms']).nullable(),
  openedAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  approvedName: z.string().nullable(),
  declineComment: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Estimate = z.infer<typeof estimateSchema>;

// ---------------------------------------------------------------------------------------------
// Pure rules

/** round-half-up(amount × basisPoints / 10 000) in integers. */
export function vatOf(amountMinor: number, basisPoints: number): number {
  return Number((2n * BigInt(amountMinor) * BigInt(basisPoints) + 10_000n) / 20_000n);
}

/**
 * The estimate's totals: each line is quantity × unit price (exact), labour is
 * round-half-up(minutes × hourly rate / 60) like a work log, VAT is rounded once on the subtotal.
 */
export function computeEstimateTotals(input: {
  lines: readonly { quantity: number; unitPriceMinor: number }[];
  labourMinutes: number;
  labourRateMinor: number;
  vatRate: number;
}): EstimateTotals {
  const lines = input.lines.map((l) => ({ amountMinor: l.quantity * l.unitPriceMinor }));
  const labourMinor = input.labourMinutes > 0 ? hourlyCost(input.labourMinutes, input.labourRateMinor) : 0;
  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, labourMinor);
  const vatMinor = vatOf(subtotalMinor, vatBasisPoints(input.vatRate));
  return { lines, labourMinor, subtotalMinor, vatMinor, totalMinor: subtotalMinor + vatMinor };
}

/** `YYYY-MM-DD` plus whole days, in UTC calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An estimate is valid through its `validUntil` day; after it, an unanswered one is expired. */
export function isExpired(validUntil: string, today: string): boolean {
  return today > validUntil;
}

/** What the customer and staff see: a sent or opened estimate past its day shows as expired. */
export function effectiveStatus(stored: EstimateStatus, validUntil: string, today: string): EstimateStatus {
  return (stored === 'sent' || stored === 'opened') && isExpired(validUntil, today) ? 'expired' : stored;
}

/** Why the customer may not answer this version now, or null when they may. */
export function answerRefusal(
  e: { status: EstimateStatus; validUntil: string; superseded: boolean },
  today: string,
): 'already_decided' | 'expired' | 'superseded' | 'not_sent' | null {
  if (e.status === 'approved' || e.status === 'declined') return 'already_decided';
  if (e.superseded) return 'superseded';
  if (e.status === 'draft') return 'not_sent';
  if (isExpired(e.validUntil, today)) return 'expired';
  return null;
}

/** The day the reminder is due: `days` before the last valid day. */
export function reminderDay(validUntil: string, days: number): string {
  return addDays(validUntil, -days);
}

/**
 * Approval moves an order waiting on the customer (on hold) back into work; an order in any other
 * status keeps it (docs/decisions/059-estimates.md). Null: no move.
 */
export function statusAfterApproval<S extends string>(status: S): 'in_progress' | null {
  return status === 'on_hold' ? 'in_progress' : null;
}
