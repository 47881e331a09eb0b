import type { Page } from 'playwright-core';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * Calls the app's API as the user signed in on `page` (the bearer token the web app keeps), from
 * the test process: what a test checks after a step is the server's record, not the screen.
 */
export async function api<T = unknown>(
  page: Page,
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  if (token === null) throw new Error('not signed in on this page');
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** As `api`, but throws unless the answer is 2xx. */
export async function apiOk<T = unknown>(
  page: Page,
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await api<T>(page, baseUrl, method, path, body);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
