import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Estimate } from '@service-portal/shared/estimates';
import { estimates } from '../db/schema/estimates.ts';
import { serviceReports } from '../db/schema/service-reports.ts';
import { verifyReportHash } from '../features/service-reports/service-reports.pdf.ts';
import { createStorage } from '../integrations/storage/create-storage.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../test/helper.ts';
import { seedDemoData } from './demo.ts';

// Issue 27's "Done when": a newcomer's demo has an approved estimate and a signed report's PDF.
const root = path.join(tmpdir(), `sp-seed-files-${randomBytes(6).toString('hex')}`);
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ config: { storage: { driver: 'local', root } } });
  const storage = await createStorage({ driver: 'local', root });
  await seedDemoData(ctx.app.db, { storage });
  await seedDemoData(ctx.app.db, { storage }); // a second start adds nothing
  token = await signIn(ctx, 'manager@nordic.example.com');
});
afterAll(async () => ctx.close());

describe('the demo estimates and signed report', () => {
  it('has an order whose newest estimate is approved, the older version readable', async () => {
    const [approved] = await ctx.app.db.select().from(estimates).where(eq(estimates.status, 'approved'));
    expect(approved).toBeDefined();
    const res = await ctx.app.inject({
      url: `/api/service-orders/${approved!.serviceOrderId}/estimates`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<Estimate[]>();
    expect(list.map((e) => [e.version, e.status, e.superseded])).toEqual([
      [2, 'approved', false],
      [1, 'sent', true],
    ]);
    expect(list[0]!.approvedName).toBeTruthy();
  });

  it('has a completed order whose signed report opens as a PDF that verifies', async () => {
    const rows = await ctx.app.db.select().from(serviceReports);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const res = await ctx.app.inject({
      url: `/api/service-orders/${row.serviceOrderId}/report/pdf`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(verifyReportHash(new Uint8Array(res.rawPayload))).toBe(row.sha256);
    const order = await ctx.app.inject({
      url: `/api/service-orders/${row.serviceOrderId}`,
      headers: bearer(token),
    });
    expect(order.json<{ status: string }>().status).toBe('completed');
  });
});
