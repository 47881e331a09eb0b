import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';

/** Spec §5 and §8: name ≥ 2, description ≥ 5 characters. */
export const WAREHOUSE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  descriptionRequired: 'Description is required',
  descriptionTooShort: 'Description must be at least 5 characters',
  referenced: 'Cannot delete warehouse location that is referenced by service orders.',
  nameTaken: 'A warehouse location with this name already exists.',
} as const;

export const warehouseLocationInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, WAREHOUSE_MESSAGES.nameRequired)
    .min(LIMITS.warehouseNameMin, WAREHOUSE_MESSAGES.nameTooShort)
    .max(100),
  description: z
    .string()
    .trim()
    .min(1, WAREHOUSE_MESSAGES.descriptionRequired)
    .min(LIMITS.warehouseDescriptionMin, WAREHOUSE_MESSAGES.descriptionTooShort)
    .max(1000),
  isActive: z.boolean().default(true),
});
export type WarehouseLocationInput = z.input<typeof warehouseLocationInputSchema>;
/** PUT: like create, but an absent `isActive` keeps the current state instead of reactivating. */
export const warehouseLocationUpdateSchema = warehouseLocationInputSchema.extend({
  isActive: z.boolean().optional(),
  version: z.number().int().min(1),
});
export const warehouseLocationStatusSchema = z.object({
  isActive: z.boolean(),
  version: z.number().int().min(1),
});

export const warehouseLocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type WarehouseLocation = z.infer<typeof warehouseLocationSchema>;

export const warehouseLocationListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type WarehouseLocationListQuery = z.output<typeof warehouseLocationListQuerySchema>;
export const warehouseLocationListResponseSchema = listResponseSchema(warehouseLocationSchema);

export const warehouseLocationIdParamsSchema = z.object({ id: z.uuid() });

/**
 * GET /warehouse-locations/options: what the service-order form's select needs, for any signed-in
 * user (the management routes are Administrator/ServiceManager only). The active locations, plus
 * the one named by `include` (the order's current location, which may have been deactivated since).
 */
export const warehouseLocationOptionsQuerySchema = z.object({ include: z.uuid().optional() });
export const warehouseLocationOptionSchema = warehouseLocationSchema.pick({
  id: true,
  name: true,
  isActive: true,
});
export type WarehouseLocationOption = z.infer<typeof warehouseLocationOptionSchema>;
