import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@service-portal/shared/access';
import { createTestContext, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
});
afterAll(async () => ctx.close());

type Operation = { security?: unknown[] };

/** The OpenAPI path of a route: `/api/images/:id/:variant` → `/api/images/{id}/{variant}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document says which routes need a token', () => {
  it('marks every public route public and leaves the bearer requirement on the others', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      security: unknown[];
      paths: Record<string, Record<string, Operation>>;
    }>();
    expect(doc.security).toEqual([{ bearer: [] }]);
    const documented = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    const wrong: string[] = [];
    let publicCount = 0;
    for (const route of documented) {
      const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue; // hidden from the document on purpose
      const isPublic = (route.access as Access).kind === 'public';
      if (isPublic) publicCount++;
      const saysPublic = Array.isArray(operation.security) && operation.security.length === 0;
      if (isPublic !== saysPublic) wrong.push(`${route.method} ${route.url}: public=${isPublic}`);
    }
    expect(wrong).toEqual([]);
    // The customer upload and status routes and the image variants among them (issue 32).
    expect(publicCount).toBeGreaterThan(10);
    expect(doc.paths['/api/customer-upload/{token}/status']?.get?.security).toEqual([]);
  });
});
