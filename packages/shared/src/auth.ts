// zod/mini (decision 032): these schemas are all the sign-in page checks, and the mini flavour keeps
// the full zod library out of its bundle. They compose with the classic schemas elsewhere.
import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import { VALIDATION_MESSAGES } from './validation.ts';

export const ROLES = ['Administrator', 'ServiceManager'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Spec §5: no spaces, exactly one @, a dot in the domain. Messages are translation keys' English text. */
export const EMAIL_MESSAGE = VALIDATION_MESSAGES.emailInvalid;
export function isValidEmail(value: string): boolean {
  if (value.length === 0 || value.length > 254 || /\s/.test(value)) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local.length === 0 || domain.length < 3) return false;
  const dot = domain.indexOf('.');
  return dot > 0 && dot < domain.length - 1 && !domain.includes('..');
}

export const emailSchema = z
  .string()
  .check(z.trim(), z.maxLength(254), z.refine(isValidEmail, { message: EMAIL_MESSAGE }), z.toLowerCase());

export const OTP_MESSAGE = VALIDATION_MESSAGES.otpCode;
export const otpCodeSchema = z.string().check(z.regex(new RegExp(`^\\d{${LIMITS.otpDigits}}$`), OTP_MESSAGE));

export const otpRequestSchema = z.object({ email: emailSchema });
export type OtpRequest = z.infer<typeof otpRequestSchema>;

export const otpVerifySchema = z.object({ email: emailSchema, otpCode: otpCodeSchema });
export type OtpVerify = z.infer<typeof otpVerifySchema>;

export const otpRequestResponseSchema = z.object({
  message: z.string(),
  expiresInSeconds: z.int(),
});

/** The signed-in user as the API returns it (spec §3 "User"). */
export const userSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleSchema),
  isActive: z.boolean(),
  isGlobalAdmin: z.boolean(),
  servicePartnerId: z.nullable(z.uuid()),
  servicePartnerName: z.nullable(z.string()),
  /** The partner's IANA time zone (product.md: times are shown in it); null without a partner. */
  servicePartnerTimeZone: z.optional(z.nullable(z.string())),
  department: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const authTokenResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  user: userSchema,
});
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

/**
 * Claim names of our JWT (spec §3). Readers accept several names for roles, as the spec says the
 * original front end did.
 */
export const CLAIMS = {
  userId: 'sub',
  email: 'email',
  givenName: 'given_name',
  surname: 'family_name',
  roles: 'roles',
  isGlobalAdmin: 'isGlobalAdmin',
  servicePartnerId: 'servicePartnerId',
  servicePartnerName: 'servicePartnerName',
} as const;
export const ROLE_CLAIM_NAMES = [
  'roles',
  'role',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
] as const;

/** Header a global administrator uses to name the partner they act for. */
export const ACTING_PARTNER_HEADER = 'x-service-partner-id';

/** Local storage keys (spec §9). */
export const STORAGE_KEYS = {
  token: 'authToken',
  method: 'authMethod',
  user: 'user',
  oauthState: 'oauthState',
  autosave: 'serviceOrderAutosave',
  language: 'i18nextLng',
  actingPartner: 'actingServicePartnerId',
} as const;
