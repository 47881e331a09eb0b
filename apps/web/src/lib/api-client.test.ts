import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIMITS } from '@service-portal/shared/limits';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../../test/http.ts';
import { serviceManager } from '../../test/fixtures.ts';
import { apiClient, defaultTransport, isApiError, setTransport } from './api-client.ts';
import type { TransportRequest, TransportResponse, UploadProgress } from './api-client.ts';
import { toApiFailure } from './api-errors.ts';
import { getToken, saveSession, subscribeSession } from './auth-storage.ts';

async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** Records what reaches the transport and answers with `reply`. */
function capture(reply: Partial<TransportResponse> = {}) {
  const sent: TransportRequest[] = [];
  setTransport((request) => {
    sent.push(request);
    return Promise.resolve({ status: 200, headers: new Headers(), body: '', ...reply });
  });
  return sent;
}

/** A transport that never answers: only the request's signal ends it, as fetch does. */
function hanging() {
  setTransport(
    (request) =>
      new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      }),
  );
}

describe('api client: requests', () => {
  it('sends the stored token and, when set, the acting partner', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    window.localStorage.setItem(STORAGE_KEYS.actingPartner, 'partner-1');
    const { calls } = mockApi({ 'GET /api/user/profile': { status: 200, body: serviceManager } });

    await apiClient.get('/user/profile');

    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(calls[0]?.headers.get('X-Service-Partner-Id')).toBe('partner-1');
  });

  it('sends neither header when signed out', async () => {
    const { calls } = mockApi({ 'POST /api/auth/otp/request': { status: 200, body: {} } });
    await apiClient.post('/auth/otp/request', { email: 'a@b.no' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.has('X-Service-Partner-Id')).toBe(false);
  });

  it('writes the query string as axios did: nulls left out, lists comma-joined, spaces as +', async () => {
    const sent = capture();
    await apiClient.get('/service-orders', {
      params: {
        search: 'Ola Nordmann: 50$ & more',
        status: 'open,completed',
        page: 2,
        includeInternalNotes: false,
        createdFrom: new Date('2026-03-04T05:06:07.000Z'),
        customerId: undefined,
        technicianId: null,
      },
    });
    expect(sent[0]?.url).toBe(
      '/api/service-orders?search=Ola+Nordmann:+50$+%26+more&status=open,completed&page=2' +
        '&includeInternalNotes=false&createdFrom=2026-03-04T05:06:07.000Z',
    );
    await apiClient.get('/customers', { params: { search: undefined } });
    expect(sent[1]?.url).toBe('/api/customers');
  });

  it('sends objects as JSON, FormData as it is, and no body (nor type) when there is none', async () => {
    const sent = capture();
    const form = new FormData();
    form.append('files', new Blob(['x']), 'x.jpg');

    await apiClient.put('/pricing/1', { price: 12.5, tags: ['a'] });
    await apiClient.post('/documents', form);
    await apiClient.post('/work-logs/1/start');
    await apiClient.delete('/images/1');

    expect(sent.map((request) => request.method)).toEqual(['PUT', 'POST', 'POST', 'DELETE']);
    expect(sent[0]?.body).toBe('{"price":12.5,"tags":["a"]}');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(sent[1]?.body).toBe(form);
    expect(sent[1]?.headers.has('content-type')).toBe(false);
    expect(sent[2]?.body).toBeUndefined();
    expect(sent[2]?.headers.has('content-type')).toBe(false);
    expect(sent[3]?.body).toBeUndefined();
  });

  it('asks for JSON unless the caller asks for something else, and adds the caller’s headers', async () => {
    const sent = capture();
    await apiClient.get('/x');
    await apiClient.get('/export', { headers: { Accept: 'text/csv', 'X-Upload-Session': 's1' } });
    expect(sent[0]?.headers.get('accept')).toBe('application/json, application/problem+json');
    expect(sent[1]?.headers.get('accept')).toBe('text/csv');
    expect(sent[1]?.headers.get('x-upload-session')).toBe('s1');
    expect(sent[0]?.responseType).toBe('json');
  });
});

describe('api client: responses', () => {
  it('parses JSON, keeps other text as it came and an empty body as an empty string', async () => {
    capture({ body: '{"id":"1","n":[1,2]}', status: 201, headers: new Headers({ 'X-Total': '3' }) });
    const created = await apiClient.post('/things', {});
    expect(created).toEqual({ data: { id: '1', n: [1, 2] }, status: 201, headers: { 'x-total': '3' } });

    capture({ body: 'plain words' });
    expect((await apiClient.get('/text')).data).toBe('plain words');
    capture({ body: '', status: 204 });
    expect(await apiClient.delete('/things/1')).toEqual({ data: '', status: 204, headers: {} });
  });

  it('hands a blob back as a Blob, with the response headers by lower-case name', async () => {
    const sent = capture({
      body: new Blob(['xlsx bytes']),
      headers: new Headers({ 'Content-Disposition': 'attachment; filename="a.xlsx"' }),
    });
    const response = await apiClient.get<Blob>('/service-orders/export', { responseType: 'blob' });
    expect(sent[0]?.responseType).toBe('blob');
    expect(response.data).toBeInstanceOf(Blob);
    expect(await response.data.text()).toBe('xlsx bytes');
    expect(response.headers['content-disposition']).toBe('attachment; filename="a.xlsx"');
  });

  it('rejects a non-2xx answer with the status, the parsed problem and the headers', async () => {
    mockApi({
      'POST /api/customers': {
        status: 409,
        body: problem(409, 'email_taken', 'Taken'),
        headers: { 'Content-Type': 'application/problem+json' },
      },
    });
    const error = await failure(apiClient.post('/customers', { email: 'a@b.no' }));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'http',
      message: 'Request failed with status code 409',
      response: {
        status: 409,
        data: problem(409, 'email_taken', 'Taken'),
        headers: { 'content-type': 'application/problem+json' },
      },
    });
    expect(toApiFailure(error)).toEqual({
      kind: 'http',
      status: 409,
      problem: problem(409, 'email_taken', 'Taken'),
    });
  });

  it('signs out on any 401: token, method, user and acting partner are cleared and listeners told', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    window.localStorage.setItem(STORAGE_KEYS.actingPartner, 'partner-1');
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    mockApi({ 'GET /api/service-orders': { status: 401, body: problem(401, 'unauthenticated') } });

    await expect(apiClient.get('/service-orders')).rejects.toMatchObject({ response: { status: 401 } });

    expect(getToken()).toBeNull();
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.method,
      STORAGE_KEYS.user,
      STORAGE_KEYS.actingPartner,
    ]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps the session on other errors', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    mockApi({ 'GET /api/pricing': { status: 403, body: problem(403, 'forbidden') } });

    await expect(apiClient.get('/pricing')).rejects.toMatchObject({ response: { status: 403 } });

    expect(getToken()).toBe('abc');
  });
});

describe('api client: no answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells a network failure (no response) from an HTTP one', async () => {
    mockApi({ 'GET /api/dashboard': 'network-error' });
    const error = await failure(apiClient.get('/dashboard'));
    expect(error).toMatchObject({ code: 'network', message: 'Network Error' });
    expect(isApiError(error) && error.response).toBeUndefined();
    expect(toApiFailure(error)).toEqual({ kind: 'network' });
  });

  it('gives up after the API timeout, and after the caller’s own', async () => {
    vi.useFakeTimers();
    hanging();
    const pending = failure(apiClient.get('/dashboard'));
    await vi.advanceTimersByTimeAsync(LIMITS.httpTimeoutMs - 1);
    const late = failure(apiClient.get('/dashboard', { timeout: 50 }));
    await vi.advanceTimersByTimeAsync(50);

    const error = await pending;
    expect(error).toMatchObject({
      code: 'timeout',
      message: `timeout of ${LIMITS.httpTimeoutMs}ms exceeded`,
    });
    expect(toApiFailure(error)).toEqual({ kind: 'network' });
    expect(await late).toMatchObject({ code: 'timeout', message: 'timeout of 50ms exceeded' });
  });

  it('waits as long as it takes with timeout 0', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    setTransport((request) => {
      signal = request.signal;
      return new Promise<TransportResponse>(() => {});
    });
    void apiClient.post('/documents', new FormData(), { timeout: 0 });
    await vi.advanceTimersByTimeAsync(10 * LIMITS.httpTimeoutMs);
    expect(signal?.aborted).toBe(false);
  });

  it('stops when the caller’s signal aborts (and sends nothing when it already has); not a failure to show', async () => {
    hanging();
    const controller = new AbortController();
    const pending = failure(apiClient.get('/dashboard', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ code: 'canceled' });
    expect(toApiFailure(error)).toEqual({ kind: 'unknown' });

    const sent = capture();
    expect(await failure(apiClient.get('/dashboard', { signal: controller.signal }))).toMatchObject({
      code: 'canceled',
    });
    expect(sent).toEqual([]);
  });
});

/**
 * The transport itself (fetch; XMLHttpRequest for uploads with progress) against a real HTTP
 * server on a free local port. Only the origin is the test's: the client's `/api/...` URL is sent
 * to this server (jsdom is at http://localhost:3000, so the server answers CORS as a browser needs).
 */
describe('api client: a create is sent with an Idempotency-Key', () => {
  /** Answers each request with the next of `replies` (`null`: the connection drops, no answer). */
  function answering(...replies: (Partial<TransportResponse> | null)[]) {
    const keys: (string | null)[] = [];
    setTransport((request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      const reply = replies.shift();
      if (reply === null) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve({ status: 201, headers: new Headers(), body: '', ...reply });
    });
    return keys;
  }

  it('sends a fresh UUID with every POST and none with other methods', async () => {
    const keys = answering({}, {});
    await apiClient.post('/things', { name: 'a' });
    await apiClient.post('/things', { name: 'a' });
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Answered: the same values sent again are a new submission.
    expect(keys[1]).not.toBe(keys[0]);

    const sent = capture();
    await apiClient.put('/things/1', { name: 'a' });
    await apiClient.patch('/things/1', { name: 'a' });
    await apiClient.get('/things');
    await apiClient.delete('/things/1');
    expect(sent.map((r) => r.headers.has('Idempotency-Key'))).toEqual([false, false, false, false]);
  });

  it('reuses the key when the same create is sent again after no answer, a 5xx or "still running"', async () => {
    const keys = answering(
      null,
      { status: 503 },
      { status: 409, headers: new Headers({ 'Retry-After': '1' }) },
      { status: 201 },
      { status: 201 },
    );
    const create = () => apiClient.post('/work-logs', { minutes: 30 });
    expect(await failure(create())).toMatchObject({ code: 'network' });
    expect(await failure(create())).toMatchObject({ response: { status: 503 } });
    expect(await failure(create())).toMatchObject({ response: { status: 409 } });
    await create();
    await create();
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('gives another body, path or partner its own key, and ends a submission on a 4xx', async () => {
    const keys = answering(null, null, null, { status: 422 }, { status: 201 });
    await failure(apiClient.post('/work-logs', { minutes: 30 }));
    await failure(apiClient.post('/work-logs', { minutes: 45 }));
    await failure(apiClient.post('/other', { minutes: 30 }));
    expect(new Set(keys).size).toBe(3);

    await failure(apiClient.post('/refused', { minutes: 1 }));
    await apiClient.post('/refused', { minutes: 1 });
    expect(keys[4]).not.toBe(keys[3]);
  });

  it('keys an upload by its fields and files, and keeps a key the caller gives', async () => {
    const keys = answering(null, {}, {});
    const form = () => {
      const data = new FormData();
      data.append('note', 'front');
      data.append('file', new File(['abc'], 'a.jpg', { type: 'image/jpeg', lastModified: 1 }));
      return data;
    };
    await failure(apiClient.post('/images', form()));
    await apiClient.post('/images', form());
    expect(keys[1]).toBe(keys[0]);
    await apiClient.post('/images', form(), { headers: { 'Idempotency-Key': 'mine' } });
    expect(keys[2]).toBe('mine');
  });
});

describe('api client over HTTP', () => {
  interface Received {
    method: string;
    url: string;
    headers: IncomingMessage['headers'];
    body: string;
  }
  type Answer = (request: Received, res: ServerResponse) => void;
  const received: Received[] = [];
  let answer: Answer = (_request, res) => res.end();
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
        res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
        res.writeHead(204).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(request);
        answer(request, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  afterEach(() => {
    received.length = 0;
  });

  const toServer = () =>
    setTransport((request) => defaultTransport({ ...request, url: `${origin}${request.url}` }));

  function json(status: number, body: unknown, type = 'application/json'): Answer {
    return (_request, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(JSON.stringify(body));
    };
  }

  it('fetch: the query, headers and JSON body arrive as sent; the JSON answer comes back parsed', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    window.localStorage.setItem(STORAGE_KEYS.actingPartner, 'partner-1');
    toServer();
    answer = json(201, { id: 'c1' });

    const response = await apiClient.post(
      '/customers',
      { name: 'Kari' },
      { params: { search: 'a b', status: 'open,completed' } },
    );

    expect(response).toMatchObject({ status: 201, data: { id: 'c1' } });
    expect(response.headers['content-type']).toBe('application/json');
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/api/customers?search=a+b&status=open,completed',
      body: '{"name":"Kari"}',
      headers: {
        authorization: 'Bearer abc',
        'x-service-partner-id': 'partner-1',
        'content-type': 'application/json',
        accept: 'application/json, application/problem+json',
      },
    });
  });

  it('fetch: a problem+json answer rejects with the parsed problem; a blob comes back as bytes', async () => {
    toServer();
    answer = json(404, problem(404, 'not_found', 'No such order'), 'application/problem+json');
    const error = await failure(apiClient.get('/service-orders/x'));
    expect(error).toMatchObject({
      code: 'http',
      response: { status: 404, data: problem(404, 'not_found', 'No such order') },
    });

    answer = (_request, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="a.pdf"',
      });
      res.end('%PDF-1.7');
    };
    const file = await apiClient.get<Blob>('/documents/1/download', {
      params: { version: 2 },
      responseType: 'blob',
    });
    expect(await file.data.text()).toBe('%PDF-1.7');
    expect(file.data.type).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="a.pdf"');
    expect(received[1]?.url).toBe('/api/documents/1/download?version=2');
  });

  it('fetch: nobody listening is a network failure; a slow server a timeout', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nobody = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    setTransport((request) => defaultTransport({ ...request, url: `${nobody}${request.url}` }));
    expect(await failure(apiClient.get('/dashboard'))).toMatchObject({ code: 'network' });

    toServer();
    answer = (_request, res) => setTimeout(() => res.end('{}'), 500);
    expect(await failure(apiClient.get('/dashboard', { timeout: 50 }))).toMatchObject({
      code: 'timeout',
      message: 'timeout of 50ms exceeded',
    });
  });

  it('XMLHttpRequest: an upload sends the form with the same headers and reports its progress', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    toServer();
    answer = json(201, [{ id: 'img-1' }]);
    const form = new FormData();
    form.append('categories', 'before');
    form.append('files', new Blob(['jpeg bytes'], { type: 'image/jpeg' }), 'a.jpg');
    const progress: UploadProgress[] = [];

    const response = await apiClient.post('/service-orders/o1/images', form, {
      headers: { 'X-Upload-Session': 's1' },
      timeout: 0,
      onUploadProgress: (event) => progress.push(event),
    });

    expect(response).toMatchObject({ status: 201, data: [{ id: 'img-1' }] });
    expect(response.headers['content-type']).toBe('application/json');
    const [sent] = received;
    expect(sent?.url).toBe('/api/service-orders/o1/images');
    expect(sent?.headers.authorization).toBe('Bearer abc');
    expect(sent?.headers['x-upload-session']).toBe('s1');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('name="files"; filename="a.jpg"');
    expect(sent?.body).toContain('jpeg bytes');
    const size = Buffer.byteLength(sent?.body ?? '');
    expect(progress.at(-1)).toEqual({ loaded: size, total: size });
  });

  it('XMLHttpRequest: a refusal has the same error shape; a 401 signs out; the signal aborts', async () => {
    saveSession({ token: 'abc', method: 'otp', user: serviceManager });
    toServer();
    const upload = (signal?: AbortSignal) =>
      failure(apiClient.post('/documents', new FormData(), { onUploadProgress: () => {}, signal }));

    answer = json(413, problem(413, 'file_too_large'), 'application/problem+json');
    expect(await upload()).toMatchObject({
      code: 'http',
      response: { status: 413, data: problem(413, 'file_too_large') },
    });
    expect(getToken()).toBe('abc');

    answer = json(401, problem(401, 'unauthenticated'), 'application/problem+json');
    expect(await upload()).toMatchObject({ code: 'http', response: { status: 401 } });
    expect(getToken()).toBeNull();

    answer = (_request, res) => setTimeout(() => res.end('{}'), 500);
    const controller = new AbortController();
    const aborted = upload(controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await aborted).toMatchObject({ code: 'canceled' });
  });
});
