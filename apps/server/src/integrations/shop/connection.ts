import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { deriveKey } from '../../lib/secrets.ts';
import type { ShopLog } from './client-transport.ts';
import { createShopClient, ShopError, type ShopClient } from './client.ts';
import { createShopTokens, type ShopTokens } from './tokens.ts';

/**
 * The shop as the app uses it: ONE Admin API client whose token comes from the token keeper
 * (integrations/shop/tokens.ts: static, client credentials, or installed and refreshed), and
 * what the rest of the app asks about the connection. app.ts calls this once.
 */
export interface ShopConnection {
  client: ShopClient;
  tokens: ShopTokens;
  /** The shop refuses every token we have (read from the database: every instance agrees). */
  refused(): Promise<boolean>;
  /** One small query: does the shop take a token of ours now? (clears a refusal when it does). */
  probe(): Promise<boolean>;
  /**
   * Embedded sign-in (a session token whose signature, audience and shop were checked): when the
   * app has no usable installed token, exchange it for an expiring offline token and keep it.
   * True when it installed one.
   */
  installFromSessionToken(sessionToken: string): Promise<boolean>;
}

export function createShopConnection(
  config: Config,
  db: Db,
  log: ShopLog & { info(obj: object, msg: string): void },
): ShopConnection | null {
  const settings = config.shop;
  if (!settings.apiBase) return null;
  const common = {
    baseUrl: settings.apiBase,
    shop: settings.shop,
    apiVersion: settings.apiVersion,
    timeoutMs: settings.timeoutMs,
    apiKey: settings.apiKey,
    apiSecret: settings.apiSecret,
    log,
  };
  // The token endpoint's grants, on a client of their own (they need no access token); few
  // attempts, since a renewal holds the token row's lock meanwhile.
  const grants = createShopClient({ ...common, accessToken: '', maxAttempts: 2 });
  const tokens = createShopTokens({
    db,
    shop: settings.shop,
    source: settings.tokenSource,
    staticToken: settings.adminToken,
    key: deriveKey(config.appSecret, 'shop-tokens'),
    grants,
    refreshMarginMs: settings.tokenRefreshMarginMs,
    log,
  });
  const client = createShopClient({
    ...common,
    accessToken: () => tokens.accessToken(),
    onUnauthorized: (token, attempt, sent) => tokens.onUnauthorized(token, attempt, sent),
    onAccepted: (sent) => tokens.accepted(sent),
  });
  return {
    client,
    tokens,
    refused: async () => (await tokens.status()).state !== 'ok',
    async probe() {
      try {
        await client.products({ first: 1 });
        return true;
      } catch (err) {
        if (err instanceof ShopError && err.kind === 'revoked') return false;
        log.warn({ err }, 'shop: the probe failed (the shop may be down)');
        return false;
      }
    },
    async installFromSessionToken(sessionToken) {
      if (!(await tokens.needsInstall())) return false;
      const grant = await grants.exchangeSessionToken(sessionToken, { online: false, expiring: true });
      await tokens.install(grant);
      return true;
    },
  };
}
