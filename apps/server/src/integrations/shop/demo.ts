import { productSvg, startDemoShop, type DemoShop } from '@service-portal/demo-shop/server';
import { PUBLIC } from '@service-portal/shared/access';
import { SHOP_REQUIRED_SCOPES } from '@service-portal/shared/shop-auth';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** Where the portal serves the demo shop's pictures (same origin: stable across restarts, allowed by the CSP). */
export const DEMO_IMAGES_PREFIX = '/demo-shop';

/**
 * No shop configured (SHOPIFY_API_BASE unset): the built-in demo shop on a free loopback port,
 * with the credentials config derived from APP_SECRET. Returns the shop and the config pointing
 * at it; register `demoShopImageRoutes` on the app for its pictures.
 */
export async function startBuiltInDemoShop(config: Config): Promise<{ demoShop: DemoShop; config: Config }> {
  const demoShop = await startDemoShop({
    shop: config.shop.shop,
    apiKey: config.shop.apiKey,
    apiSecret: config.shop.apiSecret,
    ...(config.shop.adminToken ? { adminToken: config.shop.adminToken } : {}),
    // The scopes the app requests, as a shop grants them at install.
    adminScope: SHOP_REQUIRED_SCOPES.join(','),
    apiVersion: config.shop.apiVersion,
    appUrl: config.publicUrl,
    imageBaseUrl: `${config.publicUrl}${DEMO_IMAGES_PREFIX}`,
    host: '127.0.0.1',
    port: 0,
    // A Shopify Plus-sized bucket, so a newcomer's first sync takes seconds, not a minute; the
    // single-query limit (1000) stays, and tests and the bench use the standard bucket.
    bucket: { maximumAvailable: 10_000, restoreRate: 500 },
  });
  return { demoShop, config: { ...config, shop: { ...config.shop, apiBase: demoShop.url } } };
}

/** GET /demo-shop/images/{kind}/{colour}/{file}.svg: the demo shop's product pictures, drawn here. */
export async function demoShopImageRoutes(app: FastifyInstance) {
  app.get(
    `${DEMO_IMAGES_PREFIX}/images/:kind/:colour/:file`,
    { config: { access: PUBLIC, tenant: 'none' as const }, schema: { hide: true } },
    async (req, reply) => {
      const { kind, colour } = req.params as { kind: string; colour: string };
      const svg = productSvg(kind, colour);
      if (!svg) return reply.code(404).type('text/plain').send('Not Found');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
}
