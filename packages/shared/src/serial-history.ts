import { z } from 'zod';

/** One thing that happened to one physical unit (a product plus a serial number). */
export const SERIAL_EVENT_KINDS = [
  'order_created',
  'status_changed',
  'spare_part',
  'work_log',
  'photo',
  'rental',
] as const;
export type SerialEventKind = (typeof SERIAL_EVENT_KINDS)[number];

export const serialEventSchema = z.object({
  kind: z.enum(SERIAL_EVENT_KINDS),
  at: z.iso.datetime(),
  /** Short text shown as the entry's title (an order number, a part name, a status...). */
  title: z.string(),
  detail: z.string().nullable(),
  /** The order the event belongs to, when there is one (the timeline links it). */
  serviceOrderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  /** Status events: from → to. */
  fromStatus: z.string().nullable().optional(),
  toStatus: z.string().nullable().optional(),
  /** Photos: a short-lived URL of a thumbnail, when there is one. */
  imageUrl: z.string().nullable().optional(),
  /** Rentals: the rental's id. */
  rentalId: z.string().nullable().optional(),
});
export type SerialEvent = z.infer<typeof serialEventSchema>;

export const serialParamsSchema = z.object({ serial: z.string().trim().min(1).max(100) });
export const serialHistorySchema = z.object({
  serial: z.string(),
  events: z.array(serialEventSchema),
});
export type SerialHistory = z.infer<typeof serialHistorySchema>;
