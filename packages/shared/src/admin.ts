import { z } from 'zod';
import { emailSchema, roleSchema, ROLES } from './auth.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { servicePartnerSchema } from './partners.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';

// Administration (spec §2 /admin, global administrators only): service partners and users.

export const ADMIN_MESSAGES = {
  invalidTimeZone: 'Choose a valid time zone',
  partnerRequired: 'Choose a service partner, or make the user a global administrator',
  partnerNotFound: 'Service partner not found',
  partnerNameTaken: 'A service partner with this name already exists.',
  emailTaken: 'A user with this e-mail address already exists.',
  cannotRemoveOwnGlobalAdmin: 'You cannot remove your own global administrator access.',
  cannotDeactivateSelf: 'You cannot deactivate your own user.',
} as const;

/** An IANA time zone the runtime knows ("Europe/Oslo"). */
export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z
  .string()
  .trim()
  .min(1, M.required)
  .max(64)
  .refine(isValidTimeZone, ADMIN_MESSAGES.invalidTimeZone);
const partnerNameSchema = z.string().trim().min(1, M.required).max(200, M.tooLong);

// ---------------------------------------------------------------------------------------------
// Service partners

export const adminServicePartnerSchema = servicePartnerSchema.extend({
  userCount: z.number().int(),
  activeUserCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminServicePartner = z.infer<typeof adminServicePartnerSchema>;

export const servicePartnerCreateSchema = z.object({
  name: partnerNameSchema,
  timeZone: timeZoneSchema.default('Europe/Oslo'),
});
export type ServicePartnerCreate = z.input<typeof servicePartnerCreateSchema>;

/** Deactivating a partner signs all its users out on their next request. */
export const servicePartnerUpdateSchema = z.object({
  name: partnerNameSchema,
  isActive: z.boolean(),
  timeZone: timeZoneSchema.optional(),
  version: z.number().int().min(1),
});
export type ServicePartnerUpdate = z.input<typeof servicePartnerUpdateSchema>;

export const servicePartnerListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type ServicePartnerListQuery = z.output<typeof servicePartnerListQuerySchema>;
export const servicePartnerListResponseSchema = listResponseSchema(adminServicePartnerSchema);

/** The acting-partner switcher of a global administrator: active partners only. */
/** `timeZone`: the web shows times in the zone of the partner acted for (decision 029). */
export const actingPartnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  timeZone: z.string().optional(),
});
export type ActingPartner = z.infer<typeof actingPartnerSchema>;

// ---------------------------------------------------------------------------------------------
// Users

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleSchema),
  isActive: z.boolean(),
  isGlobalAdmin: z.boolean(),
  servicePartnerId: z.uuid().nullable(),
  servicePartnerName: z.string().nullable(),
  department: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

const userFields = {
  firstName: z.string().trim().min(1, M.required).max(100, M.tooLong),
  lastName: z.string().trim().min(1, M.required).max(100, M.tooLong),
  servicePartnerId: z.uuid().nullable(),
  roles: z
    .array(roleSchema)
    .max(ROLES.length)
    .transform((list) => [...new Set(list)]),
  isActive: z.boolean().default(true),
  isGlobalAdmin: z.boolean().default(false),
  department: optionalText(100),
  jobTitle: optionalText(100),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
};

/** A user who is not a global administrator cannot work without a partner ("User not properly configured"). */
function needsPartner(
  value: { servicePartnerId: string | null; isGlobalAdmin: boolean },
  ctx: z.RefinementCtx,
) {
  if (value.servicePartnerId === null && !value.isGlobalAdmin) {
    ctx.addIssue({ code: 'custom', path: ['servicePartnerId'], message: ADMIN_MESSAGES.partnerRequired });
  }
}

/** POST /admin/users: invites the user by e-mail; they sign in with an e-mailed code (no password). */
export const adminUserCreateSchema = z
  .object({ email: z.string().trim().min(1, M.required).pipe(emailSchema), ...userFields })
  .superRefine(needsPartner);
export type AdminUserCreate = z.input<typeof adminUserCreateSchema>;

/** PUT /admin/users/{id}: takes effect on the user's next request. The e-mail is the identity and stays. */
export const adminUserUpdateSchema = z
  .object({
    ...userFields,
    isActive: z.boolean(),
    isGlobalAdmin: z.boolean(),
    version: z.number().int().min(1),
  })
  .superRefine(needsPartner);
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

export const adminUserListQuerySchema = pageQuerySchema.extend({
  servicePartnerId: z.uuid().optional(),
  search: z.string().trim().max(100).optional(),
  isActive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;
export const adminUserListResponseSchema = listResponseSchema(adminUserSchema);

export const adminIdParamsSchema = z.object({ id: z.uuid() });
