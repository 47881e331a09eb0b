import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { partnerContactSchema } from './partner-brand.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';

export {
  partnerBrandSchema,
  partnerContactSchema,
  partnerLogoPath,
  type PartnerBrand,
  type PartnerContact,
} from './partner-brand.ts';

/**
 * The partner's identity (issue 27's logo, issue 31 item 13): the logo and contact details that the
 * customer's pages and the service report carry. docs/decisions/077-partner-identity.md.
 */
export const PARTNER_LOGO_RULES = {
  /** The upload limit: a logo is small; a photo of one is refused before it is read to the end. */
  maxBytes: 2 * 1024 * 1024,
  /** Stored scaled down to fit this square (never enlarged): sharp on a phone, small in a PDF. */
  maxPx: 512,
  /** Named by content, never by name: SVG (script inside) and everything else is refused. */
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
} as const;

/** The `accept` of the file picker: what the server takes (it still decides by content). */
export const PARTNER_LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined || v === null ? null : v));

/** A web site: https:// or http://, nothing else (no javascript:, no user:password@). */
const websiteSchema = z
  .string()
  .trim()
  .max(300, M.tooLong)
  .refine(
    (v) =>
      v === '' || (z.url({ protocol: /^https?$/ }).safeParse(v).success && !/^https?:\/\/[^/?#]*@/i.test(v)),
    M.urlInvalid,
  )
  .nullish()
  .transform((v) => (v === '' || v === undefined || v === null ? null : v));

/** What the partner's Administrator edits: how customers reach the partner. */
export const partnerContactInputSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
    .nullish()
    .transform((v) => (v === '' || v === undefined || v === null ? null : v)),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || emailSchema.safeParse(v).success, M.emailInvalid)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  address: optionalText(300),
  website: websiteSchema,
});
export type PartnerContactInput = z.input<typeof partnerContactInputSchema>;

/** The stored logo: a public address by an id made for each upload (decision 077). */
export const partnerLogoSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  contentType: z.enum(['image/png', 'image/jpeg']),
});
export type PartnerLogo = z.infer<typeof partnerLogoSchema>;

/** The settings screen: the partner's name (read only here), contact and logo. */
export const partnerIdentitySchema = partnerContactSchema.extend({
  name: z.string(),
  logo: partnerLogoSchema.nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type PartnerIdentity = z.infer<typeof partnerIdentitySchema>;

export const partnerLogoParamsSchema = z.object({
  logoId: z.uuid(),
  file: z.string().regex(/^logo\.(png|jpg)$/),
});

/** How many leading bytes `sniffLogoType` reads. */
export const LOGO_SNIFF_BYTES = 12;

/**
 * The logo type the file's first bytes say (PNG, JPEG or WebP), or null: the browser's check when a
 * file is picked, so an SVG or a renamed file is refused at once. The server decides again.
 */
export function sniffLogoType(head: Uint8Array): (typeof PARTNER_LOGO_RULES.types)[number] | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => head[i] === byte)) return 'image/png';
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
