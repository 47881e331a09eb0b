import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopOrders } from '../../db/schema/shop-orders.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

export type ShopOrderRow = typeof shopOrders.$inferSelect;

/** What the shop told us about a draft order. */
export interface DraftOrderFacts {
  draftOrderId: string;
  name: string | null;
  shopStatus: string | null;
  invoiceUrl: string | null;
  adminUrl: string | null;
}

export type Claim =
  { kind: 'new' | 'takenOver'; row: ShopOrderRow } | { kind: 'completed' | 'busy'; row: ShopOrderRow };

export function createShopOrdersRepository(db: Db) {
  return {
    /**
     * Claims the service order's shop order for one request (identified by `token`): a new row, or
     * an unsettled row nobody holds (failed, or a holder older than `staleBefore`). Exactly one of
     * concurrent callers gets it; the others learn that it is completed or held (busy).
     */
    async claim(
      scope: TenantScope,
      input: {
        serviceOrderId: string;
        token: string;
        userId: string;
        lineCount: number;
        now: Date;
        staleBefore: Date;
      },
    ): Promise<Claim> {
      const inserted = await db
        .insert(shopOrders)
        .values({
          servicePartnerId: scope.partnerId,
          serviceOrderId: input.serviceOrderId,
          state: 'pending',
          claimToken: input.token,
          claimedAt: input.now,
          lineCount: input.lineCount,
          createdBy: input.userId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { kind: 'new', row: inserted[0] };

      const taken = await db
        .update(shopOrders)
        .set({
          claimToken: input.token,
          claimedAt: input.now,
          state: sql`case when ${shopOrders.state} = 'failed' then 'pending' else ${shopOrders.state} end`,
          lineCount: input.lineCount,
          updatedAt: input.now,
        })
        .where(
          scoped(
            shopOrders,
            scope,
            eq(shopOrders.serviceOrderId, input.serviceOrderId),
            ne(shopOrders.state, 'completed'),
            or(isNull(shopOrders.claimToken), lt(shopOrders.claimedAt, input.staleBefore)),
          ),
        )
        .returning();
      if (taken[0]) return { kind: 'takenOver', row: taken[0] };

      const row = await this.get(scope, input.serviceOrderId);
      if (!row) throw new Error('shop order row is neither insertable nor present');
      return { kind: row.state === 'completed' ? 'completed' : 'busy', row };
    },

    async get(scope: TenantScope, serviceOrderId: string): Promise<ShopOrderRow | null> {
      const rows = await db
        .select()
        .from(shopOrders)
        .where(scoped(shopOrders, scope, eq(shopOrders.serviceOrderId, serviceOrderId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listFor(scope: TenantScope, serviceOrderIds: string[]): Promise<ShopOrderRow[]> {
      return db
        .select()
        .from(shopOrders)
        .where(scoped(shopOrders, scope, inArray(shopOrders.serviceOrderId, serviceOrderIds)));
    },

    /** Records the draft order while still holding the claim; false when the claim was lost. */
    async record(
      scope: TenantScope,
      serviceOrderId: string,
      token: string,
      facts: DraftOrderFacts,
      state: 'created' | 'completed',
      now: Date,
    ): Promise<ShopOrderRow | null> {
      const rows = await db
        .update(shopOrders)
        .set({
          ...facts,
          state,
          // A completed order is settled: nobody holds it any more.
          ...(state === 'completed' ? { claimToken: null, claimedAt: null } : {}),
          updatedAt: now,
        })
        .where(
          scoped(
            shopOrders,
            scope,
            eq(shopOrders.serviceOrderId, serviceOrderId),
            eq(shopOrders.claimToken, token),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** Lets go of a claim after a failure; a row without a draft order becomes 'failed'. */
    async release(scope: TenantScope, serviceOrderId: string, token: string, now: Date) {
      await db
        .update(shopOrders)
        .set({
          claimToken: null,
          claimedAt: null,
          state: sql`case when ${shopOrders.draftOrderId} is null then 'failed' else ${shopOrders.state} end`,
          updatedAt: now,
        })
        .where(
          and(
            scoped(shopOrders, scope, eq(shopOrders.serviceOrderId, serviceOrderId)),
            eq(shopOrders.claimToken, token),
          ),
        );
    },
  };
}

export type ShopOrdersRepository = ReturnType<typeof createShopOrdersRepository>;
