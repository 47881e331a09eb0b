import { z } from 'zod';

export const servicePartnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isActive: z.boolean(),
  timeZone: z.string(),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type ServicePartner = z.infer<typeof servicePartnerSchema>;
