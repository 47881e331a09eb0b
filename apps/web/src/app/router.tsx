import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import type { RouteObject } from 'react-router';
import { GLOBAL_ADMIN, roles, STAFF_MANAGERS } from '@service-portal/shared/access';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { EmbeddedShopSignIn } from './guards/embedded-shop-sign-in.tsx';
import { loadTexts } from '../lib/i18n.ts';
import { PublicOnly } from './guards/public-only.tsx';
import { RequireAccess } from './guards/require-access.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RouteError } from './route-error.tsx';

// Every screen is its own chunk: the sign-in page loads neither the layout nor any other screen.
// A screen's texts outside the core namespaces load alongside its chunk: the groups its code uses,
// found at build time (locale-split.ts, lib/i18n.ts `loadTexts`). `screen` is the import path below
// without `./` and extension (src/lib/i18n-routes.test.ts checks each pair).
const withTexts =
  <T,>(screen: string, load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadTexts(screen)]).then(([module]) => module);
const AppLayout = lazy(withTexts('layout/app-layout', () => import('./layout/app-layout.tsx')));
const Login = lazy(() => import('./routes/login.tsx'));
const AuthCallback = lazy(() => import('./routes/auth-callback.tsx'));
const CustomerUpload = lazy(
  withTexts('routes/customer-upload', () => import('./routes/customer-upload.tsx')),
);
const Dashboard = lazy(withTexts('routes/dashboard', () => import('./routes/dashboard.tsx')));
const ServiceOrders = lazy(withTexts('routes/service-orders', () => import('./routes/service-orders.tsx')));
const NewServiceOrder = lazy(
  withTexts('routes/service-order-new', () => import('./routes/service-order-new.tsx')),
);
const ServiceOrder = lazy(withTexts('routes/service-order', () => import('./routes/service-order.tsx')));
const ServiceReport = lazy(withTexts('routes/service-report', () => import('./routes/service-report.tsx')));
const Schedule = lazy(withTexts('routes/schedule', () => import('./routes/schedule.tsx')));
const MyDay = lazy(withTexts('routes/my-day', () => import('./routes/my-day.tsx')));
const Customers = lazy(withTexts('routes/customers', () => import('./routes/customers.tsx')));
const Customer = lazy(withTexts('routes/customer', () => import('./routes/customer.tsx')));
const Products = lazy(withTexts('routes/products', () => import('./routes/products.tsx')));
const ProductsSync = lazy(withTexts('routes/products-sync', () => import('./routes/products-sync.tsx')));
const Product = lazy(withTexts('routes/product', () => import('./routes/product.tsx')));
const SerialNumber = lazy(withTexts('routes/serial-number', () => import('./routes/serial-number.tsx')));
const SpareParts = lazy(withTexts('routes/spare-parts', () => import('./routes/spare-parts.tsx')));
const Rentals = lazy(withTexts('routes/rentals', () => import('./routes/rentals.tsx')));
const RentalDashboard = lazy(
  withTexts('routes/rental-dashboard', () => import('./routes/rental-dashboard.tsx')),
);
const ActiveRentals = lazy(withTexts('routes/active-rentals', () => import('./routes/active-rentals.tsx')));
const AllRentals = lazy(withTexts('routes/all-rentals', () => import('./routes/all-rentals.tsx')));
const RentalProducts = lazy(
  withTexts('routes/rental-products', () => import('./routes/rental-products.tsx')),
);
const InfoCenter = lazy(withTexts('routes/info-center', () => import('./routes/info-center.tsx')));
const Components = lazy(withTexts('routes/components', () => import('./routes/components.tsx')));
const ComponentsDemo = lazy(
  withTexts('routes/components-demo', () => import('./routes/components-demo.tsx')),
);
const TableDemo = lazy(withTexts('routes/table-demo', () => import('./routes/table-demo.tsx')));
const Search = lazy(withTexts('routes/search', () => import('./routes/search.tsx')));
const Technicians = lazy(withTexts('routes/technicians', () => import('./routes/technicians.tsx')));
const Technician = lazy(withTexts('routes/technician', () => import('./routes/technician.tsx')));
const Toilet = lazy(withTexts('routes/toilet', () => import('./routes/toilet.tsx')));
const Document = lazy(withTexts('routes/document', () => import('./routes/document.tsx')));
const Pricing = lazy(withTexts('routes/pricing', () => import('./routes/pricing.tsx')));
const History = lazy(withTexts('routes/history', () => import('./routes/history.tsx')));
const WarehouseLocations = lazy(
  withTexts('routes/warehouse-locations', () => import('./routes/warehouse-locations.tsx')),
);
const ApiTokens = lazy(withTexts('routes/api-tokens', () => import('./routes/api-tokens.tsx')));
const Webhooks = lazy(withTexts('routes/webhooks', () => import('./routes/webhooks.tsx')));
const Admin = lazy(withTexts('routes/admin', () => import('./routes/admin.tsx')));
const AdminJobs = lazy(withTexts('routes/admin-jobs', () => import('./routes/admin-jobs.tsx')));
const AdminHistory = lazy(withTexts('routes/admin-history', () => import('./routes/admin-history.tsx')));
const AdminShopLinks = lazy(
  withTexts('routes/admin-shop-links', () => import('./routes/admin-shop-links.tsx')),
);
const UnassignedMessages = lazy(
  withTexts('routes/unassigned-messages', () => import('./routes/unassigned-messages.tsx')),
);
const RequirePartner = lazy(
  withTexts('guards/require-partner', () => import('./guards/require-partner.tsx')),
);

/**
 * Suspense boundary for screens loading outside the main layout. ScrollRestoration (issue 18): a
 * screen reached by a link or after saving opens at its top; Back returns to where the user was.
 */
export function ScreenSuspense() {
  const { t } = useTranslation();
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullPageLoader label={t('app.loadingApplication')} />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Spec §2, all routes. Access rules match the side menu's (app/layout/nav-items.ts). */
export const routes: RouteObject[] = [
  {
    element: <ScreenSuspense />,
    errorElement: <RouteError />,
    children: [
      { path: 'auth/callback', element: <AuthCallback /> },
      { path: 'customer-upload', element: <CustomerUpload /> },
      { path: 'customer-upload/:token', element: <CustomerUpload /> },
      {
        // Opened from the shop admin with a session token: signs in first (features/shop-auth).
        element: <EmbeddedShopSignIn />,
        children: [
          { element: <PublicOnly />, children: [{ path: 'login', element: <Login /> }] },
          {
            element: <RequireAuth />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { index: true, element: <Dashboard /> },
                  // Screens of one partner's data: a global administrator chooses the partner first.
                  {
                    element: <RequirePartner />,
                    children: [
                      { path: 'service-orders', element: <ServiceOrders /> },
                      { path: 'service-orders/new', element: <NewServiceOrder /> },
                      { path: 'service-orders/:id', element: <ServiceOrder /> },
                      { path: 'history/:subject/:id', element: <History /> },
                      { path: 'service-orders/:id/report', element: <ServiceReport /> },
                      { path: 'schedule', element: <Schedule /> },
                      { path: 'my-day', element: <MyDay /> },
                      { path: 'communications/unassigned', element: <UnassignedMessages /> },
                      { path: 'customers', element: <Customers /> },
                      { path: 'customers/:id', element: <Customer /> },
                      { path: 'serial-numbers/:serial', element: <SerialNumber /> },
                      { path: 'spare-parts', element: <SpareParts /> },
                      {
                        path: 'rentals',
                        element: <Rentals />,
                        children: [
                          { index: true, element: <RentalDashboard /> },
                          { path: 'active', element: <ActiveRentals /> },
                          { path: 'all', element: <AllRentals /> },
                          { path: 'products', element: <RentalProducts /> },
                        ],
                      },
                      { path: 'technicians', element: <Technicians /> },
                      { path: 'technicians/:id', element: <Technician /> },
                      {
                        path: 'warehouse-locations',
                        element: (
                          <RequireAccess access={STAFF_MANAGERS}>
                            <WarehouseLocations />
                          </RequireAccess>
                        ),
                      },
                      {
                        path: 'api-tokens',
                        element: (
                          <RequireAccess access={roles('Administrator')}>
                            <ApiTokens />
                          </RequireAccess>
                        ),
                      },
                      {
                        path: 'webhooks',
                        element: (
                          <RequireAccess access={roles('Administrator')}>
                            <Webhooks />
                          </RequireAccess>
                        ),
                      },
                    ],
                  },
                  // Pricing says "No Service Partner" in the spec's words (§6), through the same guard.
                  {
                    element: <RequirePartner screen="pricing" />,
                    children: [
                      {
                        path: 'pricing',
                        element: (
                          <RequireAccess access={STAFF_MANAGERS}>
                            <Pricing />
                          </RequireAccess>
                        ),
                      },
                      {
                        path: 'history/:subject',
                        element: (
                          <RequireAccess access={STAFF_MANAGERS}>
                            <History />
                          </RequireAccess>
                        ),
                      },
                    ],
                  },
                  { path: 'products', element: <Products /> },
                  { path: 'products/sync', element: <ProductsSync /> },
                  { path: 'products/:id', element: <Product /> },
                  { path: 'info-center', element: <InfoCenter /> },
                  { path: 'components', element: <Components /> },
                  { path: 'components-demo', element: <ComponentsDemo /> },
                  { path: 'table-demo', element: <TableDemo /> },
                  { path: 'search', element: <Search /> },
                  { path: 'toilets/:id', element: <Toilet /> },
                  { path: 'documents/:id', element: <Document /> },
                  {
                    path: 'admin',
                    element: (
                      <RequireAccess access={GLOBAL_ADMIN}>
                        <Admin />
                      </RequireAccess>
                    ),
                  },
                  {
                    path: 'admin/jobs',
                    element: (
                      <RequireAccess access={GLOBAL_ADMIN}>
                        <AdminJobs />
                      </RequireAccess>
                    ),
                  },
                  {
                    path: 'admin/history',
                    element: (
                      <RequireAccess access={GLOBAL_ADMIN}>
                        <AdminHistory />
                      </RequireAccess>
                    ),
                  },
                  {
                    path: 'admin/shop-links',
                    element: (
                      <RequireAccess access={GLOBAL_ADMIN}>
                        <AdminShopLinks />
                      </RequireAccess>
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
