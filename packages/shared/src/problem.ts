import { z } from 'zod';

/** Stable machine codes carried in problem+json `code`. The web client maps them to messages. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'conflict',
  'version_conflict',
  'invalid_transition',
  'rate_limited',
  'no_service_partner',
  'partner_required',
  'user_not_configured',
  'payload_too_large',
  'unsupported_media_type',
  'bad_gateway',
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
