// Runs the demo shop alone (npm run start -w @service-portal/demo-shop), e.g. to point a server
// at it with SHOPIFY_API_BASE. Settings from the environment; credentials printed once.
import { randomBytes } from 'node:crypto';
import { startDemoShop } from './server.ts';

const env = process.env;
const options = {
  port: Number(env.DEMO_SHOP_PORT ?? 4100),
  shop: env.SHOPIFY_SHOP ?? 'nordic-sanitary-demo.myshopify.com',
  apiKey: env.SHOPIFY_API_KEY ?? randomBytes(16).toString('hex'),
  apiSecret: env.SHOPIFY_API_SECRET ?? `shpss_${randomBytes(16).toString('hex')}`,
  adminToken: env.SHOPIFY_ADMIN_TOKEN ?? `shpat_${randomBytes(16).toString('hex')}`,
  products: Number(env.DEMO_SHOP_PRODUCTS ?? 320),
  ...(env.DEMO_SHOP_APP_URL ? { appUrl: env.DEMO_SHOP_APP_URL } : {}),
};
const shop = await startDemoShop(options);
process.stdout.write(
  [
    `demo shop on ${shop.url} (${options.products} products)`,
    `SHOPIFY_API_BASE=${shop.url}`,
    `SHOPIFY_SHOP=${options.shop}`,
    `SHOPIFY_API_KEY=${options.apiKey}`,
    `SHOPIFY_API_SECRET=${options.apiSecret}`,
    `SHOPIFY_ADMIN_TOKEN=${options.adminToken}`,
    '',
  ].join('\n'),
);
const stop = () => void shop.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
