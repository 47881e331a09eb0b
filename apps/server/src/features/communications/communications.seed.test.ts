import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication, UnreadSummary } from '@service-portal/shared/communications';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { communications } from '../../db/schema/communications.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { seedCommunications } from '../../seed/communications.ts';
import { seedCustomers } from '../../seed/customers.ts';
import { seedIdentities } from '../../seed/identities.ts';
import { seedServiceOrders } from '../../seed/service-orders.ts';
import { seedTechnicians } from '../../seed/technicians.ts';
import { seedWarehouseLocations } from '../../seed/warehouse-locations.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let partnerIds: Map<string, string>;
let seedMs = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  partnerIds = await seedIdentities(ctx.app.db);
  await seedTechnicians(ctx.app.db, partnerIds);
  await seedWarehouseLocations(ctx.app.db, partnerIds);
  await seedCustomers(ctx.app.db, partnerIds);
  await seedServiceOrders(ctx.app.db, partnerIds);
  const started = performance.now();
  await seedCommunications(ctx.app.db, partnerIds);
  seedMs = performance.now() - started;
});
afterAll(async () => ctx.close());

describe('demo communications', () => {
  it('load quickly', () => {
    expect(seedMs).toBeLessThan(4000);
  });

  it('give every partner threads of every kind on a share of its orders', async () => {
    const rows = await ctx.app.db.select().from(communications);
    const orders = await ctx.app.db.select().from(serviceOrders);
    const orderById = new Map(orders.map((o) => [o.id, o]));
    const kind = (r: (typeof rows)[number]) => `${r.method}/${r.direction}/${r.deliveryStatus}`;
    const everywhere = new Set(rows.map(kind));
    for (const k of [
      'sms/outbound/sent',
      'sms/inbound/received',
      'phone/inbound/logged',
      'phone/outbound/logged',
    ]) {
      expect(everywhere, k).toContain(k);
    }
    for (const partnerId of partnerIds.values()) {
      const mine = rows.filter((r) => r.servicePartnerId === partnerId);
      const kinds = new Set(mine.map(kind));
      for (const k of ['email/outbound/sent', 'email/inbound/received', 'email/outbound/failed']) {
        expect(kinds, k).toContain(k);
      }
      expect(mine.some((r) => r.method === 'phone')).toBe(true);
      expect(mine.some((r) => r.isInternal)).toBe(true);
      expect(mine.filter((r) => r.serviceOrderId === null)).toHaveLength(1);
      const withThreads = new Set(mine.map((r) => r.serviceOrderId)).size;
      const partnerOrders = orders.filter((o) => o.servicePartnerId === partnerId).length;
      expect(withThreads / partnerOrders).toBeGreaterThan(0.15);
      expect(withThreads / partnerOrders).toBeLessThan(0.7);
      expect(mine.filter((r) => r.direction === 'inbound' && r.readAt === null).length).toBeGreaterThan(0);
    }
    for (const r of rows) {
      expect(r.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
      if (r.serviceOrderId) {
        const order = orderById.get(r.serviceOrderId)!;
        expect(order.servicePartnerId).toBe(r.servicePartnerId);
        expect(r.customerId).toBe(order.customerId);
        expect(r.occurredAt.getTime()).toBeGreaterThanOrEqual(order.createdAt.getTime());
      }
      if (r.method === 'email' && r.direction === 'outbound') {
        expect(r.replyToken).toMatch(/^[a-f0-9]{40}$/);
        expect(r.messageId).toMatch(/^<.+@.+>$/);
      }
      if (r.direction === 'outbound' && r.deliveryStatus === 'sent') expect(r.sentAt).not.toBeNull();
    }
    // Every e-mail reply to a reply address came back on the order it was sent from.
    const byToken = new Map(rows.filter((r) => r.replyToken).map((r) => [r.replyToken, r]));
    const replies = rows.filter((r) => r.method === 'email' && r.direction === 'inbound' && r.serviceOrderId);
    expect(replies.length).toBeGreaterThan(10);
    for (const reply of replies) {
      const token = /^reply\+([a-f0-9]{40})@/.exec(reply.toAddress ?? '')?.[1];
      if (token) expect(byToken.get(token)?.serviceOrderId).toBe(reply.serviceOrderId);
    }
  });

  it('serve through the API: the badge, an order’s thread and the list with communications', async () => {
    const nordic = partnerIds.get('Nordic Service AS')!;
    const token = await signIn(ctx, 'office@nordic.example.com');
    const badge = await ctx.app.inject({
      url: '/api/communications/unread?limit=50',
      headers: bearer(token),
    });
    expect(badge.statusCode, badge.body).toBe(200);
    const [unread] = await ctx.app.db
      .select({ n: count() })
      .from(communications)
      .where(
        and(
          eq(communications.servicePartnerId, nordic),
          eq(communications.direction, 'inbound'),
          isNull(communications.readAt),
        ),
      );
    expect(badge.json<UnreadSummary>().count).toBe(unread!.n);
    expect(badge.json<UnreadSummary>().items.length).toBe(Math.min(50, unread!.n));

    const list = await ctx.app.inject({
      url: '/api/service-orders?includeCommunications=true&pageSize=100',
      headers: bearer(token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{ items: ServiceOrderListItem[] }>().items;
    const withComms = items.filter((i) => (i.communications?.length ?? 0) > 0);
    expect(withComms.length).toBeGreaterThan(10);
    const thread = await ctx.app.inject({
      url: `/api/service-orders/${withComms[0]!.id}/communications`,
      headers: bearer(token),
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json<Communication[]>().map((c) => c.id)).toEqual(
      withComms[0]!.communications!.map((c) => c.id),
    );
    const inbox = await ctx.app.inject({ url: '/api/communications/unassigned', headers: bearer(token) });
    expect(inbox.json<{ total: number }>().total).toBe(1);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const [before] = await ctx.app.db.select({ n: count() }).from(communications);
    await seedCommunications(ctx.app.db, partnerIds);
    const [after] = await ctx.app.db.select({ n: count() }).from(communications);
    expect(after!.n).toBe(before!.n);
  });
});
