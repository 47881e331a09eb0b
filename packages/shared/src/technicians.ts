import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';

/** Technician page sizes offered by the list (spec §2 "selectable page size"). */
export const TECHNICIAN_PAGE_SIZES = [10, 20, 50, 100] as const;

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const technicianInputSchema = z.object({
  firstName: z.string().trim().min(1, M.required).max(100, M.tooLong),
  lastName: z.string().trim().min(1, M.required).max(100, M.tooLong),
  email: z.string().trim().min(1, M.required).pipe(emailSchema),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  jobTitle: optional(100),
  department: optional(100),
});
export type TechnicianInput = z.input<typeof technicianInputSchema>;

export const technicianUpdateSchema = technicianInputSchema.extend({ version: z.number().int().min(1) });
export const technicianStatusSchema = z.object({ isActive: z.boolean(), version: z.number().int().min(1) });

export const technicianSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type Technician = z.infer<typeof technicianSchema>;

export const technicianListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  isActive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type TechnicianListQuery = z.output<typeof technicianListQuerySchema>;
export const technicianListResponseSchema = listResponseSchema(technicianSchema);

export const technicianIdParamsSchema = z.object({ id: z.uuid() });

/** GET /technicians/{id}/stats: the technician row of the dashboard's performance table. */
export const technicianStatsSchema = z.object({
  technicianId: z.uuid(),
  /** Every order assigned to the technician, whatever its status. */
  assignedOrders: z.number().int(),
  /** Assigned orders not completed and not cancelled. */
  openOrders: z.number().int(),
  completedOrders: z.number().int(),
  cancelledOrders: z.number().int(),
  /** completed ÷ (assigned − cancelled), 0–1; 0 when nothing counts. */
  completionRate: z.number(),
  /** Mean of completedAt − createdAt over the completed orders, in hours (2 decimals); null with none. */
  averageResolutionHours: z.number().nullable(),
});
export type TechnicianStats = z.infer<typeof technicianStatsSchema>;

/** Details of the technician conflicts (409). */
export const TECHNICIAN_CONFLICTS = {
  emailTaken: 'Another technician already has this e-mail address.',
} as const;
