import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** What every failure answer carries: problem+json and the security headers. */
export function expectProblem(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const body = res.json<{ status: number; code: string }>();
  expect(body.status).toBe(status);
  if (code) expect(body.code).toBe(code);
  return body;
}
