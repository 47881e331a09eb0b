import { randomBytes } from 'node:crypto';

/**
 * The demo shop's access tokens, as Shopify hands them out (docs/decisions/045-shop-tokens.md):
 * - online tokens (per-user grants) live 24 h;
 * - offline tokens asked for with `expiring=1` (code or token exchange) live `expiresIn` (default
 *   1 h) and come with a refresh token (default 90 days); the refresh grant rotates both, and the
 *   used refresh token is refused from then on;
 * - client-credentials tokens (the organisation's own store) live 24 h, without a refresh token;
 * - a static token (what an admin-made custom app used to show once) never expires.
 */
export interface TokenInfo {
  kind: 'static' | 'online' | 'offline' | 'client_credentials';
  scopes: string[];
  /** ms since the epoch; null never expires. */
  expiresAt: number | null;
  userId: number | null;
}

interface RefreshInfo {
  scopes: string[];
  expiresAt: number;
}

/** The Admin API token endpoint's answer for an offline token (field names as Shopify's). */
export interface OfflineTokenAnswer {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

export interface TokenStoreOptions {
  /** Life of an expiring offline token in seconds (default 3600, Shopify's). */
  offlineTokenSeconds?: number;
  /** Life of a refresh token in seconds (default 90 days). */
  refreshTokenSeconds?: number;
  /** Life of a client-credentials token in seconds (default 86,399: 24 h, as Shopify answers). */
  clientCredentialsSeconds?: number;
  now?: () => number;
}

const ONLINE_SECONDS = 86_399;

export function createTokenStore(opts: TokenStoreOptions = {}) {
  const now = opts.now ?? Date.now;
  let offlineSeconds = opts.offlineTokenSeconds ?? 3600;
  const refreshSeconds = opts.refreshTokenSeconds ?? 90 * 24 * 3600;
  const ccSeconds = opts.clientCredentialsSeconds ?? 86_399;
  const tokens = new Map<string, TokenInfo>();
  const refreshTokens = new Map<string, RefreshInfo>();
  let staticToken: string | null = null;
  let refreshGrants = 0;

  const newToken = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

  function issueOffline(scopes: string[], expiring: boolean): OfflineTokenAnswer {
    const access_token = newToken('shpat');
    if (!expiring) {
      tokens.set(access_token, { kind: 'offline', scopes, expiresAt: null, userId: null });
      return { access_token, scope: scopes.join(',') };
    }
    const refresh_token = newToken('shprt');
    tokens.set(access_token, {
      kind: 'offline',
      scopes,
      expiresAt: now() + offlineSeconds * 1000,
      userId: null,
    });
    refreshTokens.set(refresh_token, { scopes, expiresAt: now() + refreshSeconds * 1000 });
    return {
      access_token,
      scope: scopes.join(','),
      expires_in: offlineSeconds,
      refresh_token,
      refresh_token_expires_in: refreshSeconds,
    };
  }

  return {
    /** The token a static configuration uses (SHOPIFY_ADMIN_TOKEN); never expires. */
    setStatic(token: string, scopes: string[]) {
      if (staticToken) tokens.delete(staticToken);
      staticToken = token;
      tokens.set(token, { kind: 'static', scopes, expiresAt: null, userId: null });
    },

    issueOnline(scopes: string[], userId: number | null): { token: string; expiresIn: number } {
      const token = newToken('shpua');
      tokens.set(token, { kind: 'online', scopes, expiresAt: now() + ONLINE_SECONDS * 1000, userId });
      return { token, expiresIn: ONLINE_SECONDS };
    },

    /** An offline token (code or token exchange); with `expiring`, short-lived and refreshable. */
    issueOffline,

    /** grant_type=client_credentials: a 24-hour token without refresh token. */
    issueClientCredentials(scopes: string[]): { access_token: string; scope: string; expires_in: number } {
      const access_token = newToken('shpat');
      tokens.set(access_token, {
        kind: 'client_credentials',
        scopes,
        expiresAt: now() + ccSeconds * 1000,
        userId: null,
      });
      return { access_token, scope: scopes.join(','), expires_in: ccSeconds };
    },

    /**
     * grant_type=refresh_token: a new access token and a new refresh token; the used refresh token
     * is spent (Shopify rotates it), so a second use answers null.
     */
    refresh(refreshToken: string): OfflineTokenAnswer | null {
      const info = refreshTokens.get(refreshToken);
      refreshTokens.delete(refreshToken);
      if (!info || info.expiresAt <= now()) return null;
      refreshGrants += 1;
      return issueOffline(info.scopes, true);
    },

    /** The token's scopes and expiry while it is valid; null for an unknown or expired token. */
    lookup(token: string): { scopes: string[]; expiresAt: number | null } | null {
      const info = tokens.get(token);
      if (!info || (info.expiresAt !== null && info.expiresAt <= now())) return null;
      return { scopes: info.scopes, expiresAt: info.expiresAt };
    },

    info(token: string): TokenInfo | undefined {
      return tokens.get(token);
    },

    /** Every access token issued (not the static one), for tests. */
    issued(): ({ token: string } & TokenInfo)[] {
      return [...tokens.entries()].filter(([t]) => t !== staticToken).map(([token, v]) => ({ token, ...v }));
    },

    /** Control: every access token (static included) expires now; refresh tokens still work. */
    expireAll(): number {
      const at = now() - 1;
      let n = 0;
      for (const info of tokens.values()) {
        if (info.expiresAt === null || info.expiresAt > at) {
          info.expiresAt = at;
          n++;
        }
      }
      return n;
    },

    /** Control: every access and refresh token is forgotten, as after the app was uninstalled. */
    revokeAll(): number {
      const n = tokens.size + refreshTokens.size;
      tokens.clear();
      refreshTokens.clear();
      staticToken = null;
      return n;
    },

    /** Control: the life of offline tokens issued from now on. */
    setOfflineTokenSeconds(seconds: number) {
      offlineSeconds = seconds;
    },

    offlineTokenSeconds: () => offlineSeconds,
    /** How many refresh grants were answered (tests: two instances refreshing make one). */
    refreshGrants: () => refreshGrants,
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
