// zod/mini (decision 032): the sign-in page reads problems too, without the full zod library.
import { z } from 'zod/mini';

/** Stable machine codes carried in problem+json `code`. The web client maps them to messages. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  /** An API token reached an operation outside its scopes, or one not open to tokens at all. */
  'insufficient_scope',
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
  /** Estimates (issue 27): the version was approved or declined already. */
  'estimate_already_decided',
  /** Estimates: the version is past its valid-until day. */
  'estimate_expired',
  /** Estimates: a newer version has been sent; the old one is read-only. */
  'estimate_superseded',
  /** The partner requires a signed service report before an order is completed (issue 27). */
  'signature_required',
  /** The service report is signed already; a signature is given once. */
  'report_already_signed',
  /** Dispatch board (issue 25): the technician is inactive. */
  'technician_inactive',
  /** Dispatch board: the technician does not work that day (day off, no hours that weekday). */
  'technician_off',
  /** Dispatch board: the service partner does not work that weekday (its working days). */
  'partner_closed',
  /** Dispatch board: the order's status does not allow scheduling it (in progress, done, …). */
  'status_not_schedulable',
  /** Dispatch board: the order has no estimated duration and its service type no default. */
  'duration_required',
  /** The signed-in user matches no technician of their partner (my day). */
  'no_technician_record',
  /** The order has no scheduled date to tell the customer about. */
  'not_scheduled',
  /** The technician has that day off already. */
  'day_off_taken',
  'rate_limited',
  'no_service_partner',
  'partner_required',
  'user_not_configured',
  'payload_too_large',
  'unsupported_media_type',
  /** A multipart body the parser cannot read (no boundary, cut short, a broken part header). */
  'invalid_multipart',
  /** A JSON body nested deeper than any form sends (checked before it is parsed). */
  'body_too_deep',
  /** The file's content is not the type its name says (a document upload). */
  'file_type_mismatch',
  /** An Idempotency-Key was reused with a different request. */
  'idempotency_key_reused',
  /** Unknown, expired or revoked customer upload link. */
  'invalid_upload_link',
  /** The file store has no room left. */
  'insufficient_storage',
  'bad_gateway',
  /** Shop sign-in: a session token that fails a check (alg, signature, time, audience). */
  'invalid_session_token',
  /** Shop sign-in: a session token whose `jti` was used already. */
  'session_token_replayed',
  /** Shop sign-in: the OAuth callback's HMAC does not match. */
  'invalid_shop_signature',
  /** Shop sign-in: the OAuth callback's timestamp is more than 90 s away from now. */
  'shop_request_expired',
  /** Shop sign-in: the shop host is invalid or not on the allowlist. */
  'shop_not_allowed',
  /** Shop sign-in: the OAuth state is unknown, used, expired or not the browser's. */
  'invalid_oauth_state',
  /** Shop sign-in: the shop refused the authorization code. */
  'invalid_shop_code',
  /** Shop sign-in: the shop granted fewer scopes than the app needs. */
  'shop_scopes_missing',
  /** Shop sign-in: the shop user is linked to none of our users, and no verified e-mail links them. */
  'shop_user_not_linked',
  /** The shop refused a draft order (its userErrors are in `errors`). */
  'shop_order_rejected',
  /** Another request is creating the same shop order right now. */
  'shop_order_pending',
  /** A webhook endpoint's address is not public or not https (errors[].path is `url`). */
  'webhook_url_refused',
  /** "Send again" or a test event for a disabled webhook endpoint: enable it first. */
  'webhook_endpoint_disabled',
  /** The database or another dependency is unavailable or too slow; try again. */
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  code: z.string(),
  instance: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof problemSchema>;
