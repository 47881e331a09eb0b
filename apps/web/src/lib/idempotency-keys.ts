import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';

/**
 * `Idempotency-Key` for every creating POST the app sends (decisions 018 and 041).
 *
 * A submission is what is sent: method, path with query, the acting partner, the caller's token
 * and the body. The first time a submission goes out it gets a fresh key; while it has no final
 * answer (no answer came, the connection dropped, a timeout, a 5xx, or 409 with `Retry-After`:
 * "still being processed") sending the same submission again reuses that key, so the server
 * answers the retry with the first request's record instead of making a second one. A final
 * answer (2xx, or a 4xx the server means) ends the submission: the same values sent again later
 * are a new submission with a new key.
 */

/** The server keeps a key 24 hours; a retry after an hour is taken to be a new submission. */
const KEPT_MS = 3600_000;
/** Submissions waiting for a final answer; the oldest goes first past this many. */
const MAX_OPEN = 50;

const open = new Map<string, { key: string; since: number }>();

/** A v4 UUID from `getRandomValues`, which, unlike `randomUUID`, also works over plain http. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The body as a stable text: JSON as sent; a form's fields in order, files by name, size and date. */
function bodyText(body: string | FormData | Blob | undefined): string {
  if (body === undefined) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Blob) return `blob:${body.type}:${body.size}`;
  const parts: string[] = [];
  body.forEach((value, name) => {
    parts.push(
      typeof value === 'string'
        ? `${name}=${value}`
        : `${name}=file:${value.name}:${value.type}:${value.size}:${value.lastModified}`,
    );
  });
  return parts.join('&');
}

export interface Submission {
  method: string;
  url: string;
  headers: Headers;
  body: string | FormData | Blob | undefined;
}

/** Only POST creates; other methods are idempotent by their nature. */
export function createsRecords(method: string): boolean {
  return method === 'POST';
}

function submissionId({ method, url, headers, body }: Submission): string {
  return [
    method,
    url,
    headers.get('Authorization') ?? '',
    headers.get(ACTING_PARTNER_HEADER) ?? '',
    bodyText(body),
  ].join('\n');
}

/** The key for this submission: the one of an unfinished identical submission, else a new one. */
export function keyFor(submission: Submission, now = Date.now()): { key: string; id: string } {
  const id = submissionId(submission);
  const known = open.get(id);
  if (known !== undefined && now - known.since < KEPT_MS) return { key: known.key, id };
  const key = newKey();
  open.delete(id);
  open.set(id, { key, since: now });
  while (open.size > MAX_OPEN) {
    const oldest = open.keys().next().value;
    if (oldest === undefined) break;
    open.delete(oldest);
  }
  return { key, id };
}

/**
 * Whether an answer is final for its submission. No answer, a 5xx (the server released the key)
 * and "still being processed" (409 with Retry-After) are not: a retry must carry the same key.
 */
export function isFinalAnswer(status: number | null, headers?: Headers): boolean {
  if (status === null) return false;
  if (status >= 500) return false;
  if (status === 409 && headers?.has('Retry-After')) return false;
  return true;
}

/** Records how the submission ended; a final answer forgets its key. */
export function settle(id: string, final: boolean): void {
  if (final) open.delete(id);
}

/** Tests only: forget every open submission. */
export function forgetAllSubmissions(): void {
  open.clear();
}
