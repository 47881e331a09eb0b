import type { ShopAccessToken, ShopClient } from '../../integrations/shop/client.ts';
import type { ShopConnection } from '../../integrations/shop/connection.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { createShopAuthRepository } from './shop-auth.repository.ts';
import { shopAuthRoutes } from './shop-auth.routes.ts';
import {
  createShopAuthService,
  type SessionStarter,
  type ShopAccessGrant,
  type ShopTokenEndpoint,
} from './shop-auth.service.ts';

/** The shop client's token endpoint as shop sign-in needs it. */
function shopTokenEndpoint(client: ShopClient): ShopTokenEndpoint {
  const grant = (t: ShopAccessToken): ShopAccessGrant => ({
    scope: t.scopes.join(','),
    associatedUser: t.associatedUser,
  });
  return {
    exchangeCode: async (code) => grant(await client.exchangeCode(code)),
    exchangeSessionToken: async (token) => grant(await client.exchangeSessionToken(token, { online: true })),
  };
}

/**
 * Sign-in from the shop's admin (issue 16, docs/decisions/025-shop-sign-in-and-shop-orders.md),
 * through the one shop client; sessions come from the auth feature. Old states prune hourly.
 */
export function shopAuthModule(
  ctx: ModuleContext,
  needs: {
    shop: ShopClient;
    sessions: SessionStarter;
    /**
     * Issue 24: an embedded sign-in installs the app's expiring offline token when it has none
     * (null when the shop client was given, as in tests)…
     */
    connection: Pick<ShopConnection, 'installFromSessionToken'> | null;
    /** …and the catalogue then catches up at once instead of at the next hourly run. */
    onInstalled: () => Promise<unknown>;
  },
) {
  const { connection } = needs;
  const install = connection
    ? async (sessionToken: string) => {
        try {
          if (await connection.installFromSessionToken(sessionToken)) await needs.onInstalled();
        } catch (err) {
          // The sign-in itself goes on: the token is installed at the next one.
          ctx.log.warn({ err }, 'shop: installing the offline token failed');
        }
      }
    : null;
  const { config } = ctx;
  const service = createShopAuthService({
    repo: createShopAuthRepository(ctx.db),
    shop: shopTokenEndpoint(needs.shop),
    sessions: needs.sessions,
    settings: {
      apiBase: config.shop.apiBase ?? `https://${config.shop.shop}`,
      apiKey: config.shop.apiKey,
      apiSecret: config.shop.apiSecret,
      previousApiSecret: config.shop.previousApiSecret ?? null,
      allowlist: config.shop.allowlist,
      publicUrl: config.publicUrl,
    },
    ...(install ? { onVerifiedSessionToken: install } : {}),
    now: ctx.now,
  });
  return {
    routes: [shopAuthRoutes(service)],
    jobs: [
      defineJob({
        name: 'shop-auth.prune',
        handler: async () => service.prune(),
        options: { retries: 2, singletonKey: 'shop-auth.prune' },
        schedule: { cron: '13 * * * *' },
      }),
    ],
    offers: {},
  } satisfies FeatureModule;
}
