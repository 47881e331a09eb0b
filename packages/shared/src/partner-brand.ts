import { z } from 'zod';

/**
 * What the customer's pages and the service report show of the partner (decision 077): a module of
 * its own, without the settings' validation, so the screens that only show it stay small.
 */
export const partnerContactSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
});
export type PartnerContact = z.infer<typeof partnerContactSchema>;

/** What a customer's page shows of the partner (name, logo, contact); nothing else. */
export const partnerBrandSchema = partnerContactSchema.extend({
  name: z.string(),
  logoUrl: z.string().nullable(),
});
export type PartnerBrand = z.infer<typeof partnerBrandSchema>;

/** The public address of a logo (the API serves it; the web app and the PDF's builder read it). */
export function partnerLogoPath(logoId: string, contentType: 'image/png' | 'image/jpeg'): string {
  return `/api/partner-logos/${logoId}/logo.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
