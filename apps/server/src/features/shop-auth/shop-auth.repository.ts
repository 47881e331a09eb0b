import { and, count, desc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopOauthStates, shopSessionTokenUses, shopUserLinks } from '../../db/schema/shop-auth.ts';
import { users } from '../../db/schema/users.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

export function createShopAuthRepository(db: Db) {
  const linkColumns = {
    id: shopUserLinks.id,
    shop: shopUserLinks.shop,
    shopUserId: shopUserLinks.shopUserId,
    userId: shopUserLinks.userId,
    method: shopUserLinks.method,
    createdBy: shopUserLinks.createdBy,
    createdAt: shopUserLinks.createdAt,
    userEmail: users.email,
    userFirstName: users.firstName,
    userLastName: users.lastName,
  };

  return {
    async saveState(stateHash: string, returnUrl: string, expiresAt: Date, now: Date) {
      await db.insert(shopOauthStates).values({ stateHash, returnUrl, expiresAt, createdAt: now });
    },

    /** Single use: marks a live state consumed and returns its returnUrl; null when unknown, used or expired. */
    async consumeState(stateHash: string, now: Date): Promise<string | null> {
      const rows = await db
        .update(shopOauthStates)
        .set({ consumedAt: now })
        .where(
          and(
            eq(shopOauthStates.stateHash, stateHash),
            isNull(shopOauthStates.consumedAt),
            gt(shopOauthStates.expiresAt, now),
          ),
        )
        .returning({ returnUrl: shopOauthStates.returnUrl });
      return rows[0]?.returnUrl ?? null;
    },

    /** Records a used `jti`; false when it was recorded already (a replay). */
    async useJti(jti: string, keepUntil: Date): Promise<boolean> {
      const rows = await db
        .insert(shopSessionTokenUses)
        .values({ jti, keepUntil })
        .onConflictDoNothing()
        .returning({ jti: shopSessionTokenUses.jti });
      return rows.length === 1;
    },

    async prune(now: Date) {
      await db.delete(shopSessionTokenUses).where(lt(shopSessionTokenUses.keepUntil, now));
      await db.delete(shopOauthStates).where(lt(shopOauthStates.expiresAt, now));
    },

    async linkedUserId(shop: string, shopUserId: string): Promise<string | null> {
      const rows = await db
        .select({ userId: shopUserLinks.userId })
        .from(shopUserLinks)
        .where(and(eq(shopUserLinks.shop, shop), eq(shopUserLinks.shopUserId, shopUserId)))
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    /**
     * Links a shop user; when the shop user is linked already (a concurrent sign-in), the existing
     * link wins and its user is returned.
     */
    async link(input: {
      shop: string;
      shopUserId: string;
      userId: string;
      method: 'verified_email' | 'admin';
      createdBy: string | null;
      now: Date;
    }): Promise<{ id: string; userId: string; created: boolean }> {
      const inserted = await db
        .insert(shopUserLinks)
        .values({
          shop: input.shop,
          shopUserId: input.shopUserId,
          userId: input.userId,
          method: input.method,
          createdBy: input.createdBy,
          createdAt: input.now,
        })
        .onConflictDoNothing()
        .returning({ id: shopUserLinks.id, userId: shopUserLinks.userId });
      if (inserted[0]) return { ...inserted[0], created: true };
      const [existing] = await db
        .select({ id: shopUserLinks.id, userId: shopUserLinks.userId })
        .from(shopUserLinks)
        .where(and(eq(shopUserLinks.shop, input.shop), eq(shopUserLinks.shopUserId, input.shopUserId)));
      if (!existing) throw new Error('link vanished between insert and select');
      return { ...existing, created: false };
    },

    async listLinks(q: { page: number; pageSize: number; search?: string | undefined }) {
      const like = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const where = like
        ? or(ilike(users.email, like), ilike(shopUserLinks.shopUserId, like), ilike(shopUserLinks.shop, like))
        : undefined;
      const [items, totals] = await Promise.all([
        db
          .select(linkColumns)
          .from(shopUserLinks)
          .innerJoin(users, eq(users.id, shopUserLinks.userId))
          .where(where)
          .orderBy(desc(shopUserLinks.createdAt), desc(shopUserLinks.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(shopUserLinks)
          .innerJoin(users, eq(users.id, shopUserLinks.userId))
          .where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    async getLink(id: string) {
      const rows = await db
        .select(linkColumns)
        .from(shopUserLinks)
        .innerJoin(users, eq(users.id, shopUserLinks.userId))
        .where(eq(shopUserLinks.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async deleteLink(id: string): Promise<boolean> {
      const rows = await db
        .delete(shopUserLinks)
        .where(eq(shopUserLinks.id, id))
        .returning({ id: shopUserLinks.id });
      return rows.length === 1;
    },

    async userExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      return rows.length === 1;
    },

    /** Exact `(shop, shopUserId)` link, for a clear 409 before inserting. */
    async findLink(shop: string, shopUserId: string) {
      const rows = await db
        .select({ id: shopUserLinks.id })
        .from(shopUserLinks)
        .where(and(eq(shopUserLinks.shop, shop), eq(sql`${shopUserLinks.shopUserId}`, shopUserId)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type ShopAuthRepository = ReturnType<typeof createShopAuthRepository>;
