import { z } from 'zod';
import { pageQuerySchema } from './pagination.ts';
import { roleSchema } from './auth.ts';

/** A colleague at the same partner, as the team list shows them. */
export const teamMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleSchema),
  isActive: z.boolean(),
  department: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;

export const idParamSchema = z.object({ id: z.uuid() });
