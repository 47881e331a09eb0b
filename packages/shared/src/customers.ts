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

/** The contact fields a merge chooses between, one by one. */
export const CUSTOMER_MERGE_FIELDS = ['name', 'email', 'phone', 'address', 'notes'] as const;
export type CustomerMergeField = (typeof CUSTOMER_MERGE_FIELDS)[number];
/** Whose value the surviving customer keeps: its own (`survivor`) or the merged one's (`source`). */
export const MERGE_SIDES = ['survivor', 'source'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/**
 * Merge `sourceId` into the customer in the path (docs/decisions/079-customer-merge.md): everything
 * that references the source moves over, the source is retired. `version` and `sourceVersion` are
 * the two records' versions as the preview showed them; either changed since → 409. `take` says per
 * field whose value survives; a field left out keeps the survivor's value, or the source's when the
 * survivor's is empty (`defaultMergeSide`).
 */
export const customerMergeSchema = z.object({
  sourceId: z.uuid(),
  version: z.number().int().min(1),
  sourceVersion: z.number().int().min(1),
  take: z
    .strictObject({
      name: z.enum(MERGE_SIDES).optional(),
      email: z.enum(MERGE_SIDES).optional(),
      phone: z.enum(MERGE_SIDES).optional(),
      address: z.enum(MERGE_SIDES).optional(),
      notes: z.enum(MERGE_SIDES).optional(),
    })
    .default({}),
});
export type CustomerMerge = z.input<typeof customerMergeSchema>;

type MergeValues = Pick<Customer, CustomerMergeField>;

/** The survivor's value unless it is empty and the source has one. */
export function defaultMergeSide(
  field: CustomerMergeField,
  survivor: MergeValues,
  source: MergeValues,
): MergeSide {
  return (survivor[field] ?? '') === '' && (source[field] ?? '') !== '' ? 'source' : 'survivor';
}

/** The fields whose values differ between the two records (the ones the user chooses between). */
export function differingMergeFields(survivor: MergeValues, source: MergeValues): CustomerMergeField[] {
  return CUSTOMER_MERGE_FIELDS.filter((f) => (survivor[f] ?? '') !== (source[f] ?? ''));
}

export const customerMergePreviewQuerySchema = z.object({ sourceId: z.uuid() });

/** What references a customer and moves in a merge, by kind (one kind per referencing feature). */
export const CUSTOMER_REFERENCE_KINDS = ['serviceOrders', 'communications', 'rentals'] as const;
export type CustomerReferenceKind = (typeof CUSTOMER_REFERENCE_KINDS)[number];

/** GET /customers/:id/merge-preview: both records, the fields to choose, and what would move. */
export const customerMergePreviewSchema = z.object({
  survivor: customerSchema,
  source: customerSchema,
  differing: z.array(z.enum(CUSTOMER_MERGE_FIELDS)),
  moves: z.array(z.object({ kind: z.enum(CUSTOMER_REFERENCE_KINDS), count: z.number().int() })),
});
export type CustomerMergePreview = z.infer<typeof customerMergePreviewSchema>;

/**
 * GET /customers/duplicates: live customers of the partner with this e-mail (any case) or this
 * phone number however it is written ("+47 912 34 567" = "91234567" for a Norwegian partner).
 */
export const customerDuplicatesQuerySchema = z.object({
  email: z.string().trim().max(320).optional(),
  phone: z.string().trim().max(40).optional(),
  exceptId: z.uuid().optional(),
});
export type CustomerDuplicatesQuery = z.output<typeof customerDuplicatesQuerySchema>;
export const customerDuplicatesResponseSchema = z.object({ items: z.array(customerSchema) });

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
  mergeStale:
    'One of the two customers was changed since the preview. Look at the preview again and confirm.',
} as const;
