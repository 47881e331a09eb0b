import { z } from 'zod';

/**
 * GET /alerts/unread-count: the badge's number, cheap enough to poll. A module of its own: the top
 * bar of every signed-in screen loads it, and alerts.ts (the list's schemas) comes with the popover.
 */
export const alertUnreadCountSchema = z.object({ count: z.number().int() });
export type AlertUnreadCount = z.infer<typeof alertUnreadCountSchema>;
