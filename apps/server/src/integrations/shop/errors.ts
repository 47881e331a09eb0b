/** What went wrong talking to the shop; callers map the kind to their own answer. */
export type ShopErrorKind =
  'throttled' | 'unavailable' | 'revoked' | 'user_errors' | 'timeout' | 'bad_response';

export interface ShopUserError {
  field: string[] | null;
  message: string;
}

export class ShopError extends Error {
  readonly kind: ShopErrorKind;
  /** Present for kind 'user_errors' (a mutation answered HTTP 200 but refused the input). */
  readonly userErrors?: ShopUserError[];
  /** The shop's HTTP status, when there was an answer. */
  readonly status?: number;
  /** The shop's own error code (GraphQL `extensions.code`, OAuth `error`), when it gave one. */
  readonly code?: string;

  constructor(
    kind: ShopErrorKind,
    message: string,
    extra: { userErrors?: ShopUserError[]; status?: number; code?: string; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'ShopError';
    this.kind = kind;
    if (extra.userErrors) this.userErrors = extra.userErrors;
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.code !== undefined) this.code = extra.code;
  }
}
