import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import { LIMITS } from '@service-portal/shared/limits';
import { env } from './env.ts';
import { clearSession, getActingPartnerId, getToken } from './auth-storage.ts';
import { keepFormDrafts } from './form-drafts.ts';
import { createsRecords, isFinalAnswer, keyFor, settle } from './idempotency-keys.ts';

/**
 * The one HTTP client of the app, over `fetch` (decision 033; it replaced axios with the same
 * surface: `apiClient.get(url, config)`, `post(url, body, config)`, `{ data, status, headers }`).
 */

/**
 * A query parameter. Lists go comma-joined by the caller (`status=open,completed`), the form the
 * server's schemas read (`csvOf`); `undefined` and `null` leave the parameter out.
 */
export type ParamValue = string | number | boolean | Date | null | undefined;

/** Sent with every POST (decision 041); the server honours it on creating routes (018). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface UploadProgress {
  loaded: number;
  /** Undefined when the browser cannot tell the request's size. */
  total: number | undefined;
}

export interface RequestConfig {
  params?: Record<string, ParamValue>;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
  /** `blob` hands back the body (a failure's body too) as a Blob; otherwise JSON, or the text. */
  responseType?: 'json' | 'blob';
  /** Milliseconds; 0 waits as long as the caller's signal allows. Default LIMITS.httpTimeoutMs. */
  timeout?: number;
  /** Set for uploads: the request then goes through XMLHttpRequest, the one API that reports it. */
  onUploadProgress?: (event: UploadProgress) => void;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** Response headers by lower-case name (`headers['content-disposition']`). */
  headers: Record<string, string>;
}

/** What a failed call rejects with; `response` is there when the server answered (non-2xx). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** `http`: a non-2xx answer; `network`: no answer; `timeout`; `canceled`: the caller's signal. */
    readonly code: 'http' | 'network' | 'timeout' | 'canceled',
    readonly response?: { status: number; data: unknown; headers: Record<string, string> },
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** One request as it goes on the wire: the URL has its query, the body is serialised. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string | FormData | Blob | undefined;
  signal: AbortSignal;
  responseType: 'json' | 'blob';
  onUploadProgress?: (event: UploadProgress) => void;
}

/** The body comes back as a Blob when `responseType` is `blob`, as text otherwise. */
export interface TransportResponse {
  status: number;
  headers: Headers;
  body: string | Blob;
}

/** Sends a request; rejects (with anything) when no answer came, including on abort. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body ?? null,
    signal: request.signal,
  });
  const body = request.responseType === 'blob' ? await response.blob() : await response.text();
  return { status: response.status, headers: response.headers, body };
};

/** `fetch` cannot report upload progress over HTTP/1.1; XMLHttpRequest can. */
const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { signal, onUploadProgress } = request;
    const abort = () => xhr.abort();
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.open(request.method, request.url);
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    xhr.onload = () => {
      settle();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve({ status: xhr.status, headers, body: xhr.response as string | Blob });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Network request failed'));
    };
    const aborted = () => new DOMException('The request was aborted', 'AbortError');
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    if (signal.aborted) {
      reject(aborted());
      return;
    }
    signal.addEventListener('abort', abort);
    xhr.send(request.body ?? null);
  });

/** fetch, or XMLHttpRequest for uploads that report progress. Exported for the client's own tests. */
export const defaultTransport: Transport = (request) =>
  request.onUploadProgress ? xhrTransport(request) : fetchTransport(request);

let transport: Transport = defaultTransport;

/** Tests only (test/http.ts): replaces what goes on the wire; everything above it runs for real. */
export function setTransport(next: Transport): void {
  transport = next;
}

/** Tests only (test/setup.ts): back to fetch / XMLHttpRequest. */
export function resetTransport(): void {
  transport = defaultTransport;
}

/** The query string as axios wrote it, so the server sees the same bytes. */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

function withQuery(url: string, params: Record<string, ParamValue> | undefined): string {
  if (params === undefined) return url;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = value instanceof Date ? value.toISOString() : String(value);
    pairs.push(`${encode(key.trim())}=${encode(text)}`);
  }
  return pairs.length === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

function requestBody(data: unknown, headers: Headers): TransportRequest['body'] {
  if (data === undefined || data === null) return undefined;
  if (data instanceof FormData || data instanceof Blob) return data;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** Like axios: JSON when it parses, otherwise the text as it came ('' for an empty body). */
function parsed(body: string | Blob): unknown {
  if (typeof body !== 'string' || body === '') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The caller's signal and the timeout as one signal; `done` drops the timer and the listener. */
function deadline(caller: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onAbort);
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`timeout of ${timeoutMs}ms exceeded`, 'TimeoutError'));
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

async function request<T>(
  method: string,
  url: string,
  data: unknown,
  config: RequestConfig = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json, application/problem+json' });
  for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const partnerId = getActingPartnerId();
  if (partnerId !== null) headers.set(ACTING_PARTNER_HEADER, partnerId);
  const body = requestBody(data, headers);
  const fullUrl = withQuery(`${env.apiBaseUrl}${url}`, config.params);
  // Every create carries a key, the same one when this is a retry of an unanswered one (018, 041).
  let submission: string | null = null;
  if (createsRecords(method) && !headers.has(IDEMPOTENCY_HEADER)) {
    const { key, id } = keyFor({ method, url: fullUrl, headers, body });
    headers.set(IDEMPOTENCY_HEADER, key);
    submission = id;
  }
  const timeoutMs = config.timeout ?? LIMITS.httpTimeoutMs;
  // Like axios: a call whose caller has already given up is not sent.
  if (config.signal?.aborted) throw new ApiError('canceled', 'canceled');
  const limit = deadline(config.signal, timeoutMs);

  let reply: TransportResponse;
  try {
    reply = await transport({
      method,
      url: fullUrl,
      headers,
      body,
      signal: limit.signal,
      responseType: config.responseType ?? 'json',
      ...(config.onUploadProgress ? { onUploadProgress: config.onUploadProgress } : {}),
    });
  } catch {
    if (submission !== null) settle(submission, isFinalAnswer(null));
    if (limit.timedOut()) throw new ApiError(`timeout of ${timeoutMs}ms exceeded`, 'timeout');
    if (limit.signal.aborted) throw new ApiError('canceled', 'canceled');
    throw new ApiError('Network Error', 'network');
  } finally {
    limit.done();
  }

  if (submission !== null) settle(submission, isFinalAnswer(reply.status, reply.headers));
  const response = {
    data: parsed(reply.body) as T,
    status: reply.status,
    headers: Object.fromEntries(reply.headers),
  };
  if (response.status >= 200 && response.status < 300) return response;
  // Spec §4: any 401 means the token is gone or revoked. Clearing storage notifies the auth
  // provider, which turns unauthenticated; the route guard then sends the user to /login.
  // What open forms hold is kept first, to come back after signing in again (lib/form-drafts.ts).
  if (response.status === 401) {
    if (getToken() !== null) keepFormDrafts();
    clearSession('rejected');
  }
  throw new ApiError(`Request failed with status code ${response.status}`, 'http', response);
}

export const apiClient = {
  get: <T = unknown>(url: string, config?: RequestConfig) => request<T>('GET', url, undefined, config),
  delete: <T = unknown>(url: string, config?: RequestConfig) => request<T>('DELETE', url, undefined, config),
  post: <T = unknown>(url: string, data?: unknown, config?: RequestConfig) =>
    request<T>('POST', url, data, config),
  put: <T = unknown>(url: string, data?: unknown, config?: RequestConfig) =>
    request<T>('PUT', url, data, config),
  patch: <T = unknown>(url: string, data?: unknown, config?: RequestConfig) =>
    request<T>('PATCH', url, data, config),
};
