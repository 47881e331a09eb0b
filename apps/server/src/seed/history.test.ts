import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '@service-portal/shared/history';
import { historyEvents } from '../db/schema/history.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../test/helper.ts';
import { seedDemoData } from './demo.ts';
import { seedHistoryStory } from './history.ts';
import { seedIdentities } from './identities.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.app.db);
}, 120_000);
afterAll(async () => ctx.close());

describe("the demo's history story (issue 26)", () => {
  it('an order tells who set its price, moved its date and changed its parts', async () => {
    const db = ctx.app.db;
    const [story] = await db
      .selectDistinct({ id: historyEvents.subjectId })
      .from(historyEvents)
      .where(and(eq(historyEvents.actorKind, 'user'), eq(historyEvents.field, 'scheduled_date')));
    expect(story).toBeDefined();
    const manager = await signIn(ctx, 'manager@nordic.example.com');
    const res = await ctx.app.inject({
      url: `/api/history/service_orders/${story!.id}?actorKind=user`,
      headers: bearer(manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    const who = res
      .json<HistoryPage>()
      .items.map((e) => `${e.actor.name}: ${e.table}.${e.field} ${e.operation}`);
    expect(who).toEqual(
      expect.arrayContaining([
        'Olav Berg: service_orders.estimated_cost_minor update',
        'Marte Hansen: service_orders.scheduled_date update',
        'Tore Nilsen: service_order_spare_parts.quantity update',
        'Tore Nilsen: service_order_spare_parts.part_name insert',
      ]),
    );

    // Seeding the story again adds nothing to the order's history.
    const ofStory = () =>
      db.select({ n: count() }).from(historyEvents).where(eq(historyEvents.subjectId, story!.id));
    const before = await ofStory();
    await seedHistoryStory(db, await seedIdentities(db));
    expect(await ofStory()).toEqual(before);
  });
});
