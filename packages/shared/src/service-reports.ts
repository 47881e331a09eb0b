import { z } from 'zod';
import { partnerContactSchema } from './partner-brand.ts';
import { CURRENCIES, type Currency } from './limits.ts';

/** The languages a service report is printed in (the customer's). */
export const REPORT_LANGUAGES = ['en', 'nb', 'es'] as const;
export const reportLanguageSchema = z.enum(REPORT_LANGUAGES);
export type ReportLanguage = z.infer<typeof reportLanguageSchema>;

/** Without a VAT rate in the partner's pricing configuration, the Norwegian standard rate. */
export const DEFAULT_VAT_RATE = 0.25;

/** The VAT rate the report uses: the pricing configuration's when it has one, else 25 %. */
export function reportVatRate(pricing: { vatRate?: number | null } | null | undefined): number {
  const rate = pricing?.vatRate;
  return typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate < 1 ? rate : DEFAULT_VAT_RATE;
}

export const REPORT_LIMITS = {
  signerNameMax: 120,
  /** A drawn signature as a PNG, base64: a phone-sized pad at 2× is far below this. */
  signaturePngBase64Max: 400_000,
} as const;

const PNG_BASE64_PREFIX = 'iVBORw0KGgo';

/** A drawn signature (PNG of the pad) or, for keyboard users, the typed name as the signature. */
export const reportSignatureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('drawn'),
    png: z
      .string()
      .max(REPORT_LIMITS.signaturePngBase64Max, 'This signature is too large')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The signature is not a PNG image')
      .refine((v) => v.startsWith(PNG_BASE64_PREFIX), 'The signature is not a PNG image'),
  }),
  z.object({ kind: z.literal('typed') }),
]);
export type ReportSignature = z.infer<typeof reportSignatureSchema>;

export const reportSignSchema = z.object({
  signerName: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(REPORT_LIMITS.signerNameMax, 'This text is too long'),
  language: reportLanguageSchema,
  signature: reportSignatureSchema,
});
export type ReportSign = z.infer<typeof reportSignSchema>;

/** One VAT line per currency: net = labour (completed work logs) + parts. */
export const reportTotalSchema = z.object({
  currency: z.enum(CURRENCIES),
  labourMinor: z.number().int(),
  partsMinor: z.number().int(),
  netMinor: z.number().int(),
  vatMinor: z.number().int(),
  grossMinor: z.number().int(),
});
export type ReportTotal = z.infer<typeof reportTotalSchema>;

/** Net, VAT (rounded half up to the minor unit) and gross per currency. */
export function reportTotals(
  labour: readonly { currency: Currency; amountMinor: number }[],
  parts: readonly { currency: Currency; amountMinor: number }[],
  vatRate: number,
): ReportTotal[] {
  const by = new Map<Currency, { labourMinor: number; partsMinor: number }>();
  const add = (currency: Currency, key: 'labourMinor' | 'partsMinor', amount: number) => {
    const row = by.get(currency) ?? { labourMinor: 0, partsMinor: 0 };
    row[key] += amount;
    by.set(currency, row);
  };
  for (const m of labour) add(m.currency, 'labourMinor', m.amountMinor);
  for (const m of parts) add(m.currency, 'partsMinor', m.amountMinor);
  return CURRENCIES.filter((c) => by.has(c)).map((currency) => {
    const row = by.get(currency) ?? { labourMinor: 0, partsMinor: 0 };
    const netMinor = row.labourMinor + row.partsMinor;
    const vatMinor = Math.round(netMinor * vatRate);
    return { currency, ...row, netMinor, vatMinor, grossMinor: netMinor + vatMinor };
  });
}

export const REPORT_EVENT_KINDS = ['created', 'opened', 'signed', 'sent'] as const;
export const reportEventSchema = z.object({ kind: z.enum(REPORT_EVENT_KINDS), at: z.iso.datetime() });
export type ReportEvent = z.infer<typeof reportEventSchema>;

/** What the report prints, shown on the phone before the customer signs. */
export const reportContentSchema = z.object({
  partnerName: z.string(),
  /** How the customer reaches the partner, printed under the name (decision 077). */
  partnerContact: partnerContactSchema,
  orderNumber: z.string(),
  title: z.string(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  serialNumber: z.string().nullable(),
  completionNotes: z.string().nullable(),
  /** Checkpoints answered: the group, the checkpoint's key and the answer's key, with details. */
  checkpoints: z.array(
    z.object({
      group: z.enum(['measurements', 'components']),
      key: z.string(),
      answer: z.string().nullable(),
      details: z.string().nullable(),
    }),
  ),
  parts: z.array(
    z.object({
      partNumber: z.string(),
      partName: z.string(),
      quantity: z.number().int(),
      unitCostMinor: z.number().int(),
      lineMinor: z.number().int(),
      currency: z.enum(CURRENCIES),
    }),
  ),
  /** Completed work logs only: open ones are not billed. */
  workLogs: z.array(
    z.object({
      category: z.string(),
      description: z.string().nullable(),
      userName: z.string().nullable(),
      billedMinutes: z.number().int(),
      costMinor: z.number().int(),
      currency: z.enum(CURRENCIES),
    }),
  ),
  vatRate: z.number(),
  totals: z.array(reportTotalSchema),
  /** Photos the customer sent (printed scaled down). */
  photoCount: z.number().int(),
  timeZone: z.string(),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

export const serviceReportSchema = z.object({
  serviceOrderId: z.uuid(),
  signed: z.boolean(),
  signerName: z.string().nullable(),
  signatureKind: z.enum(['drawn', 'typed']).nullable(),
  signedAt: z.iso.datetime().nullable(),
  language: reportLanguageSchema.nullable(),
  /** SHA-256 of the PDF (scheme: docs/decisions/060-signed-service-report.md); null until signed. */
  sha256: z.string().nullable(),
  pdfBytes: z.number().int().nullable(),
  events: z.array(reportEventSchema),
  /** The partner's setting: completing the order needs this report signed. */
  signatureRequired: z.boolean(),
  content: reportContentSchema,
});
export type ServiceReport = z.infer<typeof serviceReportSchema>;

export const reportSettingsSchema = z.object({ requireSignature: z.boolean() });
export type ReportSettings = z.infer<typeof reportSettingsSchema>;
export const reportSettingsUpdateSchema = reportSettingsSchema.strict();

/** The customer's status page: the signed report, when there is one. */
export const customerReportSchema = z.object({
  signed: z.boolean(),
  signedAt: z.iso.datetime().nullable(),
  signerName: z.string().nullable(),
  sha256: z.string().nullable(),
  pdfBytes: z.number().int().nullable(),
});
export type CustomerReport = z.infer<typeof customerReportSchema>;
