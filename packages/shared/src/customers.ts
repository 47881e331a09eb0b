import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { LIMITS } from './limits.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';

export const customerInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, M.customerNameRequired)
    .max(LIMITS.customerNameMaxExclusive - 1, M.customerNameTooLong),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || emailSchema.safeParse(v).success, M.emailInvalid)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  address: z
    .string()
    .trim()
    .max(500, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  notes: z
    .string()
    .trim()
    .max(5000, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});
export type CustomerInput = z.input<typeof customerInputSchema>;
export const customerUpdateSchema = customerInputSchema.extend({ version: z.number().int().min(1) });

export const customerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  orderCount: z.number().int(),
  openOrderCount: z.number().int(),
  lastOrderAt: z.iso.datetime().nullable(),
  /** Set when this customer was merged into another; such customers are read-only and hidden from lists. */
  mergedIntoId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const CUSTOMER_SORTS = ['name', 'createdAt', 'lastOrderAt'] as const;
export const customerListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;
export const customerListResponseSchema = listResponseSchema(customerSchema);

/** Merge `sourceId` into the customer in the path: its orders move over, the source is retired. */
export const customerMergeSchema = z.object({ sourceId: z.uuid() });
export type CustomerMerge = z.infer<typeof customerMergeSchema>;

export const customerIdParamsSchema = z.object({ id: z.uuid() });

/** A unit the customer has had serviced: one row per distinct serial number on their orders. */
export const customerSerialNumberSchema = z.object({
  serialNumber: z.string(),
  orderCount: z.number().int(),
  lastOrderAt: z.iso.datetime(),
  lastOrderId: z.uuid(),
});
export type CustomerSerialNumber = z.infer<typeof customerSerialNumberSchema>;

/** Details of the customer conflicts (409), for the web client to show as they are. */
export const CUSTOMER_MESSAGES = {
  emailTaken: 'Another customer already has this e-mail address.',
  hasOrders: 'Cannot delete a customer who has service orders. Merge the customer into another one instead.',
  merged: 'This customer was merged into another customer and can no longer be changed.',
  mergeSelf: 'A customer cannot be merged into itself.',
} as const;
