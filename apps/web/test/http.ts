import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../src/lib/api-client.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: AxiosHeaders;
  body: unknown;
  /** The query string's parameters (axios `params`), as strings. */
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
 * Replaces the transport under the app's one HTTP client, so everything above it (interceptors,
 * fetchers, hooks, components) runs for real. Routes are keyed "METHOD /api/path".
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedRequest[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = `${config.baseURL ?? ''}${config.url ?? ''}`;
    const request: RecordedRequest = {
      method,
      url,
      headers: AxiosHeaders.from(config.headers),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      params: Object.fromEntries(
        Object.entries((config.params ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          String(value),
        ]),
      ),
    };
    calls.push(request);

    const route = routes[`${method} ${url}`];
    const reply: Reply =
      route === undefined
        ? { status: 404, body: problem(404, 'not_found', `No mock for ${method} ${url}`) }
        : typeof route === 'function'
          ? await route(request)
          : route;

    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: reply.body ?? '',
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers),
      config,
      request: {},
    };
    if (config.validateStatus?.(reply.status) ?? true) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };

  apiClient.defaults.adapter = adapter;
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
