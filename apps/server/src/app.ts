import type { FastifyInstance } from 'fastify';
import { adminModule } from './features/admin/admin.module.ts';
import { alertsModule } from './features/alerts/alerts.module.ts';
import { apiTokensModule } from './features/api-tokens/api-tokens.module.ts';
import { authModule } from './features/auth/auth.module.ts';
import {
  communicationsModule,
  communicationsReadPort,
} from './features/communications/communications.module.ts';
import { customersModule } from './features/customers/customers.module.ts';
import { dashboardModule } from './features/dashboard/dashboard.module.ts';
import { estimatesModule } from './features/estimates/estimates.module.ts';
import { documentsModule } from './features/documents/documents.module.ts';
import { healthModule } from './features/health/health.module.ts';
import { historyModule } from './features/history/history.module.ts';
import { imagesModule } from './features/images/images.module.ts';
import { partnerIdentityModule } from './features/partner-identity/partner-identity.module.ts';
import { jobsModule } from './features/jobs/jobs.module.ts';
import { pricingModule } from './features/pricing/pricing.module.ts';
import { productsModule } from './features/products/products.module.ts';
import { rentalsModule, rentalsReadPort } from './features/rentals/rentals.module.ts';
import { scheduleModule } from './features/schedule/schedule.module.ts';
import { searchModule } from './features/search/search.module.ts';
import { serialHistoryModule } from './features/serial-history/serial-history.module.ts';
import { serviceOrdersModule } from './features/service-orders/service-orders.module.ts';
import {
  serviceReportsModule,
  serviceReportsReadPort,
} from './features/service-reports/service-reports.module.ts';
import { shopAuthModule } from './features/shop-auth/shop-auth.module.ts';
import { shopOrdersModule } from './features/shop-orders/shop-orders.module.ts';
import { shopWebhooksModule } from './features/shop-webhooks/shop-webhooks.module.ts';
import { sparePartsModule } from './features/spare-parts/spare-parts.module.ts';
import { techniciansModule } from './features/technicians/technicians.module.ts';
import { uploadLinksModule } from './features/upload-links/upload-links.module.ts';
import { usersModule } from './features/users/users.module.ts';
import { webhooksModule } from './features/webhooks/webhooks.module.ts';
import { warehouseLocationsModule } from './features/warehouse-locations/warehouse-locations.module.ts';
import { workLogsModule } from './features/work-logs/work-logs.module.ts';
import { registerModules, type FeatureModule } from './feature-module.ts';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';
import { createPlatform, type BuildOptions } from './platform.ts';
import { webPlugin } from './plugins/web.ts';

export type { BuildOptions } from './platform.ts';

/**
 * The composition root: the shared means (platform.ts), then the feature modules in dependency
 * order, each given what it needs of those before it; what a module offers is typed by its own
 * module file (docs/decisions/039-feature-modules.md). No feature logic lives here.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { app, ctx, shop, shopConnection, hasShop, tokens, principals } = await createPlatform(opts);
  const { config } = ctx;

  // The feature modules, each after those it needs.
  const health = healthModule({
    shuttingDown: () => app.lifecycle.shuttingDown,
    shopState: shopConnection ? async () => (await shopConnection.tokens.status()).state : null,
  });
  const auth = authModule(ctx, { tokens, onAuthChange: principals.changed });
  const users = usersModule(ctx);
  // Webhooks out: the outbox port the features that report events write through.
  const webhooks = webhooksModule(ctx, { administrators: users.offers.administrators });
  const { events } = webhooks.offers;
  const customers = customersModule(ctx);
  const technicians = techniciansModule(ctx);
  const locations = warehouseLocationsModule(ctx);
  const orders = serviceOrdersModule(ctx, {
    customers: customers.offers.customers,
    technicians: technicians.offers.technicians,
    warehouseLocations: locations.offers.warehouseLocations,
    communications: communicationsReadPort(ctx),
    events,
    completion: serviceReportsReadPort(ctx),
  });
  const images = imagesModule(ctx, { orders: orders.offers.orders });
  const pricing = pricingModule(ctx, { rentalProducts: rentalsReadPort(ctx) });
  const identity = partnerIdentityModule(ctx);
  const workLogs = workLogsModule(ctx, {
    orders: orders.offers.orders,
    pricing: pricing.offers.pricing,
    technicians: technicians.offers.technicians,
  });
  const communications = communicationsModule(ctx, {
    orders: orders.offers.orders,
    customers: customers.offers.customers,
  });
  const { messages } = communications.offers;
  const schedule = scheduleModule(ctx, {
    orders: orders.offers.orders,
    pricing: pricing.offers.pricing,
    messages,
  });
  const alerts = alertsModule(ctx);
  const uploadLinks = uploadLinksModule(ctx, {
    orders: orders.offers.orders,
    images: images.offers.images,
    messages,
    events,
    brand: identity.offers.brand,
    alerts: alerts.offers.alerts,
  });
  const serviceReports = serviceReportsModule(ctx, {
    orders: orders.offers.orders,
    workLogs: workLogs.offers.workLogs,
    photos: images.offers.images,
    pricing: pricing.offers.pricing,
    links: uploadLinks.offers.customerLinks,
    logo: identity.offers.logoBytes,
    contact: identity.offers.brand,
    events,
  });
  const estimates = estimatesModule(ctx, {
    orders: orders.offers.orders,
    pricing: pricing.offers.pricing,
    messages,
    links: uploadLinks.offers.customerLinks,
    events,
  });
  const products = productsModule(ctx, {
    shop: hasShop ? shop : null,
    sync: opts.productSync,
    connection: shopConnection,
  });
  const documents = documentsModule(ctx, { findProductsBySkus: products.offers.findBySkus });
  const rentals = rentalsModule(ctx, {
    customers: customers.offers.customers,
    pricing: pricing.offers.pricing,
    messages,
    images: images.offers.images,
    events,
  });
  const search = searchModule({
    sources: [orders, customers, products, technicians, documents].map((m) => m.offers.search),
  });
  const serialHistory = serialHistoryModule({
    subjects: { orders: orders.offers.serialOrders, rentals: rentals.offers.serialRentals },
    providers: [orders, rentals, workLogs, images].map((m) => m.offers.serialEvents),
  });
  const dashboard = dashboardModule(ctx, {
    orders: orders.offers.orders,
    technicians: technicians.offers.technicians,
    ratings: uploadLinks.offers.ratings,
  });
  const shopAuth = shopAuthModule(ctx, {
    shop,
    sessions: auth.offers.sessions,
    connection: shopConnection,
    onInstalled: () => products.offers.requestSync('full', 'install'),
  });
  const shopOrders = shopOrdersModule(ctx, {
    shop,
    orders: orders.offers.orders,
    variantIdsBySkus: products.offers.variantIdsBySkus,
    pricing: pricing.offers.pricing,
  });
  const shopWebhooks = shopWebhooksModule(ctx, {
    shop: hasShop ? shop : null,
    lastUninstalled: products.offers.lastUninstalled,
    subscribeOnStart: opts.shopWebhooks?.subscribeOnStart,
  });

  const modules: FeatureModule<object>[] = [
    health,
    jobsModule(ctx),
    auth,
    shopAuth,
    shopOrders,
    users,
    orders,
    schedule,
    communications,
    pricing,
    identity,
    rentals,
    images,
    uploadLinks,
    alerts,
    estimates,
    workLogs,
    serviceReports,
    customers,
    technicians,
    locations,
    dashboard,
    search,
    documents,
    products,
    shopWebhooks,
    serialHistory,
    sparePartsModule(ctx),
    adminModule(ctx, { onAuthChange: principals.changed }),
    apiTokensModule(ctx, { onAuthChange: principals.changed }),
    webhooks,
    historyModule(ctx),
  ];
  await registerModules(app, modules);
  await app.register(webPlugin, { distDir: config.webDistDir ?? DEFAULT_WEB_DIST_DIR });
  return app;
}
