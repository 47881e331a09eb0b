import { z } from 'zod';
import { strictNumber } from './validation.ts';
import { LIMITS } from './limits.ts';

export const pageQuerySchema = z.object({
  page: strictNumber(z.number().int().min(1)).default(LIMITS.listDefaultPage),
  pageSize: strictNumber(z.number().int().min(1).max(LIMITS.listMaxPageSize)).default(
    LIMITS.listDefaultPageSize,
  ),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** "Showing X to Y of Z results": the 1-based first and last row numbers of a page. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
