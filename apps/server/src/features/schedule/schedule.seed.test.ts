import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, ScheduleCard } from '@service-portal/shared/schedule';
import { todayIn } from '@service-portal/shared/zoned-days';
import { seedDemoData } from '../../seed/demo.ts';
import { bearer, createTestContext, signIn, testNow, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.app.db);
  token = await signIn(ctx, 'manager@nordic.example.com');
});
afterAll(async () => ctx.close());

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ url: `/api${url}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('the demo board', () => {
  it('has a planned week with starts and durations, one day off and exactly one overbooked cell', async () => {
    const today = todayIn('Europe/Oslo', testNow());
    const board = await get<Board>(`/schedule/board?from=${today}&days=14`);
    const cells = board.technicians.flatMap((t) => t.cells.map((c) => ({ ...c, technician: t.fullName })));
    const overbooked = cells.filter((c) => c.overbooked);
    expect(overbooked).toHaveLength(1);
    expect(overbooked[0]).toMatchObject({
      technician: 'Kari Haugen',
      availableMinutes: 480,
      bookedMinutes: 600,
    });
    expect(cells.filter((c) => c.offReason !== null)).toEqual([
      expect.objectContaining({ technician: 'Sindre Bakken', offReason: 'Gas safety course' }),
    ]);
    expect(board.orders.length).toBeGreaterThan(20);
    expect(board.orders.every((o) => o.durationMinutes !== null && o.durationMinutes > 0)).toBe(true);
    expect(board.orders.some((o) => o.durationIsDefault)).toBe(true);
    expect(board.orders.filter((o) => o.start !== null).length).toBeGreaterThan(board.orders.length / 2);
    const jonas = board.technicians.find((t) => t.fullName === 'Jonas Moe')!;
    expect(jonas.cells.find((c) => !c.off)?.availableMinutes).toBe(420);
  });

  it('leaves some open orders unplanned, most urgent first', async () => {
    const list = await get<{ items: ScheduleCard[]; total: number }>('/schedule/unscheduled');
    expect(list.total, 'unplanned orders').toBeGreaterThanOrEqual(10);
    expect(list.items[0]!.priority).toBe('critical');
  });

  it('is idempotent: a second run changes nothing on the board', async () => {
    const today = todayIn('Europe/Oslo', testNow());
    const before = await get<Board>(`/schedule/board?from=${today}&days=14`);
    await seedDemoData(ctx.app.db);
    const after = await get<Board>(`/schedule/board?from=${today}&days=14`);
    expect(after).toEqual(before);
  });
});
