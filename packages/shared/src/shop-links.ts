import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { SHOP_HOST_PATTERN } from './shop-auth.ts';

// Links between shop users and ours (a global administrator sees and changes them): the
// /admin/shop-links screen. Shop sign-in itself is in shop-auth.ts.

export const SHOP_LINK_METHODS = ['verified_email', 'admin'] as const;

export const shopUserLinkSchema = z.object({
  id: z.uuid(),
  shop: z.string(),
  shopUserId: z.string(),
  userId: z.uuid(),
  userEmail: z.string(),
  userName: z.string(),
  method: z.enum(SHOP_LINK_METHODS),
  /** The administrator who made the link; null when it was made by a verified e-mail. */
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type ShopUserLink = z.infer<typeof shopUserLinkSchema>;

export const shopUserLinkListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type ShopUserLinkListQuery = z.infer<typeof shopUserLinkListQuerySchema>;
export const shopUserLinkListResponseSchema = listResponseSchema(shopUserLinkSchema);

export const SHOP_LINK_MESSAGES = {
  shopInvalid: 'Enter a shop host such as example.myshopify.com',
  shopUserIdInvalid: 'Enter the shop user id (digits)',
} as const;

export const shopUserLinkCreateSchema = z.object({
  shop: z
    .string()
    .trim()
    .toLowerCase()
    .max(255)
    .refine((v) => SHOP_HOST_PATTERN.test(v), SHOP_LINK_MESSAGES.shopInvalid),
  shopUserId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,20}$/, SHOP_LINK_MESSAGES.shopUserIdInvalid),
  userId: z.uuid(),
});
export type ShopUserLinkCreate = z.input<typeof shopUserLinkCreateSchema>;

export const shopUserLinkParamsSchema = z.object({ id: z.uuid() });
