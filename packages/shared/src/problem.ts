import { z } from 'zod';

/** Stable machine codes carried in problem+json `code`. The web client maps them to messages. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'conflict',
  /** The e-mail belongs to another record of the same kind (user, customer, technician). */
  'email_taken',
  /** The name belongs to another record of the same kind (warehouse location, …). */
  'name_taken',
  /** The record is referenced elsewhere and cannot be deleted. */
  'in_use',
  /** A record with the same key exists already (a category's price, …). */
  'duplicate',
  'version_conflict',
  /** A rental unit is rented or booked for some of the dates asked for (rentals_no_overlap). */
  'unit_unavailable',
  /** A rental unit is inactive or out of order. */
  'unit_not_rentable',
  /** Another rental unit of the partner has the serial number. */
  'serial_taken',
  /** Neither the rental product's pricing nor the partner's defaults give a rental rate. */
  'rental_rate_missing',
  'invalid_transition',
  'rate_limited',
  'no_service_partner',
  'partner_required',
  'user_not_configured',
  'payload_too_large',
  'unsupported_media_type',
  /** The file's content is not the type its name says (a document upload). */
  'file_type_mismatch',
  /** An Idempotency-Key was reused with a different request. */
  'idempotency_key_reused',
  /** Unknown, expired or revoked customer upload link. */
  'invalid_upload_link',
  /** The file store has no room left. */
  'insufficient_storage',
  'bad_gateway',
  /** The database or another dependency is unavailable or too slow; try again. */
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
