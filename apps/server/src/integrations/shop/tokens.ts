import { eq, sql } from 'drizzle-orm';
import type { ShopTokenSource } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shopTokens } from '../../db/schema/shop-tokens.ts';
import { sealText, unsealText } from '../../lib/secrets.ts';
import { ShopError } from './errors.ts';
import type { ShopAccessToken } from './types.ts';

/**
 * The offline Admin API token of the one shop, kept valid (docs/decisions/045-shop-tokens.md).
 *
 * - `static`: the configured token, never renewed; a 401 marks the shop as refusing us.
 * - `client_credentials`: asked for with the client id and secret, asked again before it expires
 *   and on a 401.
 * - `installed`: the expiring offline token the app got at install (token exchange when the app is
 *   opened in the shop admin), renewed with its refresh token before it expires and on a 401.
 *
 * Tokens are kept sealed in `shop_tokens` (one row per shop). A renewal holds the row's lock
 * (`select … for update`) while it asks the shop, and first looks whether another instance
 * renewed meanwhile: two instances never both spend the refresh token, which Shopify rotates.
 */

/** The token endpoint calls a renewal needs (the shop client offers them). */
export interface ShopTokenGrants {
  refreshAccessToken(refreshToken: string): Promise<ShopAccessToken>;
  clientCredentialsToken(): Promise<ShopAccessToken>;
}

export interface ShopConnectionStatus {
  /** ok: a token works or nothing says otherwise; refused: the shop refuses every token we have; not_installed: no token yet. */
  state: 'ok' | 'refused' | 'not_installed';
  source: ShopTokenSource;
  shop: string;
  /** When the current access token expires (null: never, or no token). */
  expiresAt: string | null;
  /** When the shop last granted a token. */
  obtainedAt: string | null;
  refusedAt: string | null;
  /** What the shop said last time it refused us. */
  lastError: string | null;
}

export interface ShopTokensOptions {
  db: Db;
  shop: string;
  source: ShopTokenSource;
  /** The static token (source 'static'). */
  staticToken: string | null;
  /** The sealing key (deriveKey(APP_SECRET, 'shop-tokens')). */
  key: Uint8Array;
  grants: ShopTokenGrants;
  /** Renew this long before expiry (default 5 minutes). */
  refreshMarginMs?: number;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

type Row = typeof shopTokens.$inferSelect;

interface Current {
  token: string;
  expiresAt: number | null;
}

/** A failure of the shop refusing a grant (4xx), as opposed to the shop being down. */
function isRefusal(err: unknown): boolean {
  if (!(err instanceof ShopError)) return false;
  return (
    err.kind === 'revoked' ||
    (err.kind === 'bad_response' && (err.status ?? 0) >= 400 && (err.status ?? 0) < 500)
  );
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export function createShopTokens(opts: ShopTokensOptions) {
  const { db, shop, source } = opts;
  const now = opts.now ?? (() => new Date());
  const margin = opts.refreshMarginMs ?? 5 * 60_000;
  const context = `shop-token:${shop}`;
  const seal = (plain: string) => sealText(opts.key, plain, context);
  const open = (sealed: string | null) => {
    if (!sealed) return null;
    try {
      return unsealText(opts.key, sealed, context);
    } catch {
      // Sealed under another APP_SECRET: as good as no token.
      return null;
    }
  };
  let current: Current | null = null;
  // One renewal at a time in this instance; the row lock does it across instances.
  let renewing: Promise<string> | null = null;
  // What this instance last knew of the refusal (read with every status()).
  let refusedKnown = false;
  // The newest request (by the client's send order) the shop accepted, and the refusal and
  // acceptance writes one after another: a late 401 to an older request (a background job's,
  // answered while the shop refused us) must not set the refusal again after a newer request
  // was accepted and cleared it.
  let newestAccepted = 0;
  let stateWrites: Promise<unknown> = Promise.resolve();
  const inTurn = (write: () => Promise<void>): Promise<void> => {
    const turn = stateWrites.then(write);
    stateWrites = turn.catch(() => undefined);
    return turn;
  };

  const fresh = (c: Current | null, at: number) =>
    c !== null && (c.expiresAt === null || c.expiresAt - margin > at);

  async function readRow(): Promise<Row | null> {
    const [row] = await db.select().from(shopTokens).where(eq(shopTokens.shop, shop));
    return row ?? null;
  }

  function currentOf(row: Row | null): Current | null {
    const token = open(row?.accessTokenSealed ?? null);
    return token ? { token, expiresAt: row?.accessExpiresAt?.getTime() ?? null } : null;
  }

  /** `sent`: the refused request's place in the client's send order, when a request was refused. */
  async function markRefused(error: string, sent?: number): Promise<void> {
    await inTurn(async () => {
      if (sent !== undefined && sent < newestAccepted) return;
      const at = now();
      refusedKnown = true;
      await db
        .insert(shopTokens)
        .values({ shop, source, refusedAt: at, lastError: error, updatedAt: at })
        .onConflictDoUpdate({
          target: shopTokens.shop,
          set: { refusedAt: sql`coalesce(${shopTokens.refusedAt}, ${at})`, lastError: error, updatedAt: at },
        });
      opts.log?.warn({ shop, source, error }, 'shop: the shop refuses our access token');
    });
  }

  /** The grant's answer as the row stores it. */
  function rowOf(grant: ShopAccessToken, at: Date) {
    const ms = at.getTime();
    return {
      source,
      accessTokenSealed: seal(grant.accessToken),
      accessExpiresAt: grant.expiresIn !== null ? new Date(ms + grant.expiresIn * 1000) : null,
      refreshTokenSealed: grant.refreshToken ? seal(grant.refreshToken) : null,
      refreshExpiresAt:
        grant.refreshToken && grant.refreshTokenExpiresIn !== null
          ? new Date(ms + grant.refreshTokenExpiresIn * 1000)
          : null,
      scopes: grant.scopes,
      obtainedAt: at,
      refusedAt: null,
      lastError: null,
      updatedAt: at,
    };
  }

  /**
   * A new token, unless another instance renewed already: `stale` is the token we found too old
   * or refused; a different fresh one in the row is taken as it is.
   */
  async function renew(stale: string | null, refused: boolean): Promise<string> {
    if (source === 'static') throw new ShopError('revoked', 'a static token cannot be renewed');
    let refusal: string | null = null;
    const token = await db.transaction(async (tx) => {
      await tx.insert(shopTokens).values({ shop, source }).onConflictDoNothing();
      const [row] = await tx.select().from(shopTokens).where(eq(shopTokens.shop, shop)).for('update');
      const t = now();
      const inRow = currentOf(row ?? null);
      // Another instance renewed while we waited for the lock.
      if (
        inRow &&
        inRow.token !== stale &&
        (refused ? inRow.expiresAt === null || inRow.expiresAt > t.getTime() : fresh(inRow, t.getTime()))
      ) {
        current = inRow;
        return inRow.token;
      }
      let grant: ShopAccessToken;
      try {
        if (source === 'client_credentials') {
          grant = await opts.grants.clientCredentialsToken();
        } else {
          const refreshToken = open(row?.refreshTokenSealed ?? null);
          if (!refreshToken || (row?.refreshExpiresAt && row.refreshExpiresAt.getTime() <= t.getTime())) {
            refusal = refreshToken
              ? 'the refresh token has expired: open the app in the shop admin to install it again'
              : 'the app is not installed: open it in the shop admin once';
            return null;
          }
          grant = await opts.grants.refreshAccessToken(refreshToken);
        }
      } catch (err) {
        if (!isRefusal(err)) throw err;
        // The client's message says which grant and what the shop answered (invalid_grant …).
        refusal = message(err);
        return null;
      }
      const values = rowOf(grant, t);
      await tx.update(shopTokens).set(values).where(eq(shopTokens.shop, shop));
      current = { token: grant.accessToken, expiresAt: values.accessExpiresAt?.getTime() ?? null };
      refusedKnown = false;
      opts.log?.info(
        { shop, source, expiresAt: values.accessExpiresAt?.toISOString() ?? null },
        'shop: access token renewed',
      );
      return grant.accessToken;
    });
    if (token === null) {
      await markRefused(refusal ?? 'the shop refused us');
      throw new ShopError('revoked', refusal ?? 'the shop refused us', { status: 401 });
    }
    return token;
  }

  function renewOnce(stale: string | null, refused: boolean): Promise<string> {
    renewing ??= renew(stale, refused).finally(() => {
      renewing = null;
    });
    return renewing;
  }

  return {
    source,

    /** A token valid for at least the margin (renewed first when needed). */
    async accessToken(): Promise<string> {
      if (source === 'static') {
        if (!opts.staticToken) throw new ShopError('revoked', 'no static token is configured');
        return opts.staticToken;
      }
      const at = now().getTime();
      if (fresh(current, at)) return current!.token;
      const inRow = currentOf(await readRow());
      if (fresh(inRow, at)) {
        current = inRow;
        return inRow!.token;
      }
      return renewOnce(inRow?.token ?? null, false);
    },

    /** The shop answered 401 to `token` (ShopClientOptions.onUnauthorized). */
    async onUnauthorized(token: string, attempt: 1 | 2, sent?: number): Promise<string | null> {
      if (source === 'static' || attempt === 2) {
        await markRefused(
          source === 'static'
            ? 'the shop refused the static token (SHOPIFY_ADMIN_TOKEN)'
            : 'the shop refused the renewed token too',
          sent,
        );
        return null;
      }
      if (current?.token === token) current = null;
      try {
        return await renewOnce(token, true);
      } catch (err) {
        if (err instanceof ShopError && err.kind === 'revoked') return null;
        throw err;
      }
    },

    /** A request with a token of ours succeeded: the shop takes us again. */
    async accepted(sent?: number): Promise<void> {
      if (sent !== undefined && sent > newestAccepted) newestAccepted = sent;
      if (!refusedKnown) return;
      await inTurn(async () => {
        if (!refusedKnown) return;
        refusedKnown = false;
        await db
          .update(shopTokens)
          .set({ refusedAt: null, lastError: null, updatedAt: now() })
          .where(eq(shopTokens.shop, shop));
      });
    },

    /**
     * At install: the expiring offline token from the token exchange (or an OAuth code grant),
     * stored sealed; it replaces whatever was there.
     */
    async install(grant: ShopAccessToken): Promise<void> {
      const at = now();
      const values = rowOf(grant, at);
      await db
        .insert(shopTokens)
        .values({ shop, ...values })
        .onConflictDoUpdate({ target: shopTokens.shop, set: values });
      current = { token: grant.accessToken, expiresAt: values.accessExpiresAt?.getTime() ?? null };
      refusedKnown = false;
      opts.log?.info(
        { shop, expiresAt: values.accessExpiresAt?.toISOString() ?? null },
        'shop: app installed',
      );
    },

    /** Whether an install (token exchange at the next embedded sign-in) would help. */
    async needsInstall(): Promise<boolean> {
      if (source !== 'installed') return false;
      const row = await readRow();
      if (!row?.refreshTokenSealed || row.refusedAt) return true;
      return row.refreshExpiresAt !== null && row.refreshExpiresAt.getTime() - margin <= now().getTime();
    },

    async status(): Promise<ShopConnectionStatus> {
      const row = await readRow();
      refusedKnown = Boolean(row?.refusedAt);
      const hasToken = source === 'static' ? Boolean(opts.staticToken) : Boolean(row?.accessTokenSealed);
      // Never installed is not a refusal: the screen says to open the app, not that it was refused.
      const state = !hasToken && source === 'installed' ? 'not_installed' : row?.refusedAt ? 'refused' : 'ok';
      return {
        state,
        source,
        shop,
        expiresAt: source === 'static' ? null : (row?.accessExpiresAt?.toISOString() ?? null),
        obtainedAt: row?.obtainedAt?.toISOString() ?? null,
        refusedAt: row?.refusedAt?.toISOString() ?? null,
        lastError: row?.lastError ?? null,
      };
    },
  };
}

export type ShopTokens = ReturnType<typeof createShopTokens>;
