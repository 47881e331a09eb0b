import type { TFunction } from 'i18next';
import { problemSchema } from '@service-portal/shared/problem';
import type { ErrorCode, Problem } from '@service-portal/shared/problem';
import type { ScheduleErrorCode } from '@service-portal/shared/schedule';
import { isApiError } from './api-client.ts';
import type { TranslationKey } from './i18n.ts';

/**
 * The one place that turns failed calls into the messages of the spec's error catalogue (§8).
 * Components receive a UiMessage and render it with formatMessage; they never inspect HTTP errors.
 */
export type ApiFailure =
  /** No response at all: offline, DNS, refused connection or the 30 s timeout. */
  | { kind: 'network' }
  | { kind: 'http'; status: number; problem: Problem | null }
  /** Not a transport failure: a response of an unexpected shape or a bug. */
  | { kind: 'unknown' };

export type UiMessage = { key: TranslationKey; detail?: string } | { text: string };

export function toApiFailure(error: unknown): ApiFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (error.response === undefined) {
    return error.code === 'canceled' ? { kind: 'unknown' } : { kind: 'network' };
  }
  const parsed = problemSchema.safeParse(error.response.data);
  return { kind: 'http', status: error.response.status, problem: parsed.success ? parsed.data : null };
}

/** A 429's Retry-After in whole seconds (the server sends seconds), or null without one. */
export function retryAfterSeconds(error: unknown): number | null {
  const seconds =
    isApiError(error) && error.response?.status === 429 ? Number(error.response.headers['retry-after']) : 0;
  return seconds > 0 && seconds < 1e5 ? Math.ceil(seconds) : null;
}

export type SignInAction = 'requestOtp' | 'verifyOtp';

/** Spec §8 "Sign-in" table. */
export function signInErrorMessage(error: unknown, action: SignInAction): UiMessage {
  const failure = toApiFailure(error);
  if (failure.kind === 'network') return { key: 'errors.network' };
  if (failure.kind === 'http') {
    const { status, problem } = failure;
    if (status === 429) return { key: 'errors.tooManyAttempts' };
    if (status === 401) return { key: 'errors.signIn.invalidCredentials' };
    if (status === 400) {
      const detail = problem?.detail?.trim();
      return detail ? { text: detail } : { key: 'errors.signIn.invalidRequest' };
    }
    if (status >= 500) return { key: 'errors.server' };
  }
  return {
    key: action === 'requestOtp' ? 'errors.signIn.requestOtpFailed' : 'errors.signIn.verifyOtpFailed',
  };
}

/**
 * Shop sign-in (session token or redirect), the same table (spec §8 "Sign-in"): the shop's own
 * refusals by their code (CODE_MESSAGES, subject `shopSignIn`), an unreadable user "Invalid user
 * data in token", otherwise "Login failed".
 */
export function shopSignInErrorMessage(error: unknown): UiMessage {
  if (error instanceof Error && error.message === 'Invalid user data in token') {
    return { key: 'errors.signIn.invalidUserData' };
  }
  const failure = toApiFailure(error);
  if (failure.kind === 'network') return { key: 'errors.network' };
  if (failure.kind === 'http') {
    const own = codeMessage(error, 'shopSignIn');
    if (own !== undefined) return { key: own.key };
    const { status, problem } = failure;
    if (status === 429) return { key: 'errors.tooManyAttempts' };
    if (status === 400) {
      const detail = problem?.detail?.trim();
      return detail ? { text: detail } : { key: 'errors.signIn.invalidRequest' };
    }
    if (status >= 500) return { key: 'errors.server' };
  }
  return { key: 'errors.signIn.loginFailed' };
}

/**
 * Any other call: transport and server failures get the shared messages; other HTTP errors get the
 * screen's own message plus the status and the server's details (spec §8 "Other").
 */
export function apiErrorMessage(error: unknown, fallback: TranslationKey): UiMessage {
  const failure = toApiFailure(error);
  if (failure.kind === 'network') return { key: 'errors.network' };
  if (failure.kind === 'unknown') return { key: fallback };
  if (failure.status === 429) return { key: 'errors.tooManyAttempts' };
  if (failure.status >= 500) return { key: 'errors.server' };
  // A global administrator acting for no partner: said in words, never the server's header talk.
  if (failure.problem?.code === 'partner_required') return { key: 'errors.partnerRequired' };
  const code = failure.problem?.code as ErrorCode | undefined;
  const workflow = code === undefined ? undefined : WORKFLOW_CODES[code];
  if (workflow !== undefined) return { key: workflow };
  const detail = failure.problem?.detail ?? failure.problem?.title;
  return { key: fallback, detail: detail ? `${failure.status}: ${detail}` : String(failure.status) };
}

/**
 * Refusals that read the same wherever they come from (issue 27): an estimate answered, expired or
 * replaced, a report signed already, a completion that waits for the customer's signature.
 */
const WORKFLOW_CODES: Partial<Record<ErrorCode, TranslationKey>> = {
  estimate_already_decided: 'errors.estimates.alreadyDecided',
  estimate_expired: 'errors.estimates.expired',
  estimate_superseded: 'errors.estimates.superseded',
  signature_required: 'errors.serviceReports.signatureRequired',
  report_already_signed: 'errors.serviceReports.alreadySigned',
};

/**
 * An estimate's save, send or answer: the workflow refusals above, a `conflict` on a sent version
 * ("only a draft can be changed"), an unknown or expired status link; otherwise the screen's message.
 */
export function estimateErrorMessage(
  error: unknown,
  fallback: TranslationKey,
  side: 'staff' | 'customer' = 'staff',
): UiMessage {
  const failure = toApiFailure(error);
  if (failure.kind === 'http' && failure.problem?.code === 'conflict')
    return { key: 'errors.estimates.notDraft' };
  if (side === 'customer' && failure.kind === 'http' && (failure.status === 401 || failure.status === 404))
    return { key: 'errors.estimates.linkInvalid' };
  return apiErrorMessage(error, fallback);
}

export function formatMessage(t: TFunction, message: UiMessage): string {
  if ('text' in message) return message.text;
  const text = t(message.key);
  return message.detail === undefined ? text : `${text} (${message.detail})`;
}

/**
 * The kinds of record whose conflicts have their own message. The same code reads differently per
 * record ("Another customer already has this e-mail address." vs. "A user with …").
 */
export type ProblemSubject =
  | 'user'
  | 'customer'
  /** A customer merge and its preview: a stale preview, a customer merged meanwhile. */
  | 'customerMerge'
  | 'technician'
  | 'warehouseLocation'
  | 'pricing'
  | 'document'
  | 'rental'
  | 'shopSignIn'
  | 'shopUserLink'
  | 'shopOrder'
  /** A photo upload: staff's, or the customer's through a link. */
  | 'upload'
  /** The partner's logo (partner identity settings): a refused file says why and what is taken. */
  | 'partnerLogo'
  /** The customer's phone + serial number check behind a link. */
  | 'uploadVerify'
  /** `/customer-upload` without a link: phone + serial number find the open order. */
  | 'uploadLookup'
  /** A move on the dispatch board, its "Schedule…" dialog and the technician's day. */
  | 'schedule'
  /** A webhook endpoint (issue 29). */
  | 'webhook'
  /** The order form: its date and technician pass the board's rule. */
  | 'serviceOrder';

/**
 * Error codes the screens tell apart, per record. `field` puts the message on that form field; codes
 * and subjects not listed here get the screen's own message (`apiErrorMessage`).
 */
const CODE_MESSAGES: Partial<
  Record<
    ErrorCode | ScheduleErrorCode,
    { field?: string; keys: Partial<Record<ProblemSubject, TranslationKey>> }
  >
> = {
  email_taken: {
    field: 'email',
    keys: {
      user: 'admin.users.emailTaken',
      customer: 'customers.emailTaken',
      technician: 'technicians.emailTaken',
    },
  },
  name_taken: { field: 'name', keys: { warehouseLocation: 'warehouse.validation.nameTaken' } },
  in_use: { keys: { warehouseLocation: 'errors.warehouseLocations.inUse' } },
  // Shop sign-in (features/shop-auth): each refusal says what to do about it.
  invalid_session_token: { keys: { shopSignIn: 'shopAuth.errors.invalidSessionToken' } },
  session_token_replayed: { keys: { shopSignIn: 'shopAuth.errors.sessionTokenReplayed' } },
  invalid_shop_signature: { keys: { shopSignIn: 'shopAuth.errors.invalidSignature' } },
  shop_request_expired: { keys: { shopSignIn: 'shopAuth.errors.requestExpired' } },
  shop_not_allowed: { keys: { shopSignIn: 'shopAuth.errors.shopNotAllowed' } },
  invalid_oauth_state: { keys: { shopSignIn: 'shopAuth.errors.invalidState' } },
  invalid_shop_code: { keys: { shopSignIn: 'shopAuth.errors.invalidCode' } },
  shop_scopes_missing: { keys: { shopSignIn: 'shopAuth.errors.scopesMissing' } },
  shop_user_not_linked: { keys: { shopSignIn: 'shopAuth.errors.notLinked' } },
  bad_gateway: {
    keys: { shopSignIn: 'shopAuth.errors.shopUnavailable', shopOrder: 'shopOrders.errors.shopUnavailable' },
  },
  duplicate: { field: 'shopUserId', keys: { shopUserLink: 'shopAuth.links.duplicate' } },
  shop_order_rejected: { keys: { shopOrder: 'shopOrders.errors.rejected' } },
  shop_order_pending: { keys: { shopOrder: 'shopOrders.errors.pending' } },
  version_conflict: {
    keys: {
      customer: 'customers.versionConflict',
      customerMerge: 'customers.merge.stale',
      technician: 'technicians.versionConflict',
      warehouseLocation: 'warehouse.versionConflict',
      pricing: 'pricing.conflict',
      document: 'documents.versionConflict',
      rental: 'rentals.errors.versionConflict',
      schedule: 'schedule.errors.versionConflict',
    },
  },
  // The dispatch board's refusals (issue 25): the card goes back and says why.
  technician_inactive: {
    keys: {
      schedule: 'schedule.errors.technicianInactive',
      serviceOrder: 'schedule.errors.technicianInactive',
    },
  },
  technician_off: {
    keys: { schedule: 'schedule.errors.technicianOff', serviceOrder: 'schedule.errors.technicianOff' },
  },
  partner_closed: {
    keys: { schedule: 'schedule.errors.partnerClosed', serviceOrder: 'schedule.errors.partnerClosed' },
  },
  status_not_schedulable: {
    keys: {
      schedule: 'schedule.errors.statusNotSchedulable',
      serviceOrder: 'schedule.errors.statusNotSchedulable',
    },
  },
  duration_required: {
    keys: { schedule: 'schedule.errors.durationRequired', serviceOrder: 'schedule.errors.durationRequired' },
  },
  no_technician_record: { keys: { schedule: 'schedule.errors.noTechnicianRecord' } },
  file_type_mismatch: { keys: { document: 'documents.typeMismatch' } },
  invalid_upload_link: {
    keys: {
      upload: 'errors.invalidUploadLink',
      uploadVerify: 'errors.invalidUploadLink',
      uploadLookup: 'errors.invalidUploadLink',
    },
  },
  payload_too_large: {
    keys: {
      upload: 'validation.fileTooLarge',
      document: 'validation.fileTooLarge',
      partnerLogo: 'partnerIdentity.logo.tooLarge',
    },
  },
  unsupported_media_type: {
    keys: {
      upload: 'validation.invalidFileType',
      document: 'validation.invalidFileType',
      partnerLogo: 'partnerIdentity.logo.invalidType',
    },
  },
  rate_limited: {
    keys: {
      upload: 'errors.tooManyAttempts',
      uploadVerify: 'errors.tooManyAttempts',
      uploadLookup: 'errors.tooManyAttempts',
    },
  },
  // The only refusal a well-formed check gets: the phone and serial number do not match.
  validation_failed: {
    keys: { uploadVerify: 'uploads.verify.mismatch', partnerLogo: 'partnerIdentity.logo.tooSmall' },
  },
  not_found: {
    keys: {
      uploadLookup: 'uploads.lookup.notFound',
      schedule: 'schedule.errors.notFound',
      customerMerge: 'customers.merge.notFound',
    },
  },
  conflict: { keys: { customerMerge: 'customers.merge.mergedAlready' } },
  unit_unavailable: { field: 'rentalProductId', keys: { rental: 'rentals.errors.unitUnavailable' } },
  invalid_transition: { keys: { rental: 'rentals.errors.invalidTransition' } },
  unit_not_rentable: { field: 'rentalProductId', keys: { rental: 'rentals.errors.unitNotRentable' } },
  rental_rate_missing: { field: 'dailyRate', keys: { rental: 'rentals.errors.rateMissing' } },
  serial_taken: { field: 'serialNumber', keys: { rental: 'rentals.validation.serialTaken' } },
  webhook_url_refused: { field: 'url', keys: { webhook: 'webhooks.errors.urlRefused' } },
  webhook_endpoint_disabled: { keys: { webhook: 'webhooks.errors.disabled' } },
};

/** The catalogue's message for a failed call's code on this kind of record, if it has one. */
export function codeMessage(
  error: unknown,
  subject: ProblemSubject | undefined,
): { code: ErrorCode | ScheduleErrorCode; key: TranslationKey; field?: string } | undefined {
  const failure = toApiFailure(error);
  if (failure.kind !== 'http' || subject === undefined) return undefined;
  const code = failure.problem?.code as ErrorCode | ScheduleErrorCode | undefined;
  const entry = code === undefined ? undefined : CODE_MESSAGES[code];
  const key = entry?.keys[subject];
  if (code === undefined || entry === undefined || key === undefined) return undefined;
  return entry.field === undefined ? { code, key } : { code, key, field: entry.field };
}

/** `apiErrorMessage`, unless the catalogue has a message of its own for the code on this record. */
export function problemMessage(
  error: unknown,
  fallback: TranslationKey,
  subject?: ProblemSubject,
): UiMessage {
  const own = codeMessage(error, subject);
  return own === undefined ? apiErrorMessage(error, fallback) : { key: own.key };
}

/**
 * A document upload (spec §8 "Failed to upload document."): a refused file says why (too large,
 * a type the info center does not take, content that is not what the name says).
 */
export function documentUploadErrorMessage(error: unknown): UiMessage {
  return problemMessage(error, 'errors.uploadDocument', 'document');
}

/**
 * The customer link's records, named in a type declaration: the texts scan (locale-split.ts) takes
 * record names in code as a use of their texts, so naming them in the signature loaded the customer
 * pages' texts on every screen that reports an error.
 */
type UploadSubject = 'upload' | 'uploadVerify' | 'uploadLookup';

/**
 * Image uploads and the customer's link (spec §8): an unknown, expired or revoked link is "Invalid
 * Upload Link."; a refused file says why ("File is too large", "Invalid file type"); anything
 * else is "Upload failed. Please try again."
 */
export function uploadErrorMessage(error: unknown, subject: UploadSubject = 'upload'): UiMessage {
  if (toApiFailure(error).kind === 'network') return { key: 'errors.network' };
  const own = codeMessage(error, subject) ?? codeMessage(error, 'upload');
  return own === undefined ? { key: 'errors.uploadFailed' } : { key: own.key };
}

/** True when a call failed because the customer's link is unknown, expired or revoked. */
export function isInvalidUploadLink(error: unknown): boolean {
  const failure = toApiFailure(error);
  return failure.kind === 'http' && failure.problem?.code === 'invalid_upload_link';
}
