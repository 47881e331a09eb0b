import { setTransport } from '../src/lib/api-client.ts';
import type { Transport } from '../src/lib/api-client.ts';

export interface RecordedRequest {
  method: string;
  /** The path the client called, without the query string (e.g. `/api/service-orders`). */
  url: string;
  headers: Headers;
  /** A JSON body parsed back; FormData and Blob bodies as sent; undefined without a body. */
  body: unknown;
  /** The query string's parameters as the server reads them, as strings. */
  params: Record<string, string>;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
export type Handler = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

export function problem(status: number, code: string, detail?: string) {
  return {
    type: 'about:blank',
    title: 'Problem',
    status,
    code,
    ...(detail === undefined ? {} : { detail }),
  };
}

/**
 * Replaces the transport under the app's one HTTP client (`setTransport`), so everything above it
 * (headers, query strings, response parsing, errors, the 401 sign-out, fetchers, hooks, components)
 * runs for real. Routes are keyed "METHOD /api/path".
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedRequest[] = [];

  const transport: Transport = async (sent) => {
    const query = sent.url.indexOf('?');
    const url = query === -1 ? sent.url : sent.url.slice(0, query);
    const request: RecordedRequest = {
      method: sent.method,
      url,
      headers: sent.headers,
      body: typeof sent.body === 'string' ? (JSON.parse(sent.body) as unknown) : sent.body,
      params: query === -1 ? {} : Object.fromEntries(new URLSearchParams(sent.url.slice(query + 1))),
    };
    calls.push(request);

    const route = routes[`${sent.method} ${url}`];
    const reply: Reply =
      route === undefined
        ? { status: 404, body: problem(404, 'not_found', `No mock for ${sent.method} ${url}`) }
        : typeof route === 'function'
          ? await route(request)
          : route;

    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    // The body goes on the wire as the server would send it: JSON text, or the test's text or Blob.
    const raw = reply.body ?? '';
    const sentBody = typeof raw === 'string' || raw instanceof Blob ? raw : JSON.stringify(raw);
    const body =
      sent.responseType === 'blob'
        ? sentBody instanceof Blob
          ? sentBody
          : new Blob([sentBody])
        : sentBody instanceof Blob
          ? await sentBody.text()
          : sentBody;
    return { status: reply.status, headers: new Headers(reply.headers), body };
  };

  setTransport(transport);
  return { calls };
}

/** A reply the test releases when it wants, to observe pending states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
