import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import type { RouteObject } from 'react-router';
import { GLOBAL_ADMIN, STAFF_MANAGERS } from '@service-portal/shared/access';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { EmbeddedShopSignIn } from './guards/embedded-shop-sign-in.tsx';
import { loadAllTexts } from '../lib/i18n.ts';
import { PublicOnly } from './guards/public-only.tsx';
import { RequireAccess } from './guards/require-access.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RouteError } from './route-error.tsx';

// Every screen is its own chunk: the sign-in page loads neither the layout nor any other screen.
// Screens beyond the sign-in page need the texts outside the core namespaces (lib/i18n.ts); they
// load alongside the screen's chunk.
const withAllTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadAllTexts()]).then(([module]) => module);
const AppLayout = lazy(withAllTexts(() => import('./layout/app-layout.tsx')));
const Login = lazy(() => import('./routes/login.tsx'));
const AuthCallback = lazy(() => import('./routes/auth-callback.tsx'));
const CustomerUpload = lazy(withAllTexts(() => import('./routes/customer-upload.tsx')));
const Dashboard = lazy(() => import('./routes/dashboard.tsx'));
const ServiceOrders = lazy(() => import('./routes/service-orders.tsx'));
const NewServiceOrder = lazy(() => import('./routes/service-order-new.tsx'));
const ServiceOrder = lazy(() => import('./routes/service-order.tsx'));
const Customers = lazy(() => import('./routes/customers.tsx'));
const Customer = lazy(() => import('./routes/customer.tsx'));
const Products = lazy(() => import('./routes/products.tsx'));
const ProductsSync = lazy(() => import('./routes/products-sync.tsx'));
const Product = lazy(() => import('./routes/product.tsx'));
const SerialNumber = lazy(() => import('./routes/serial-number.tsx'));
const SpareParts = lazy(() => import('./routes/spare-parts.tsx'));
const Rentals = lazy(() => import('./routes/rentals.tsx'));
const RentalDashboard = lazy(() => import('./routes/rental-dashboard.tsx'));
const ActiveRentals = lazy(() => import('./routes/active-rentals.tsx'));
const AllRentals = lazy(() => import('./routes/all-rentals.tsx'));
const RentalProducts = lazy(() => import('./routes/rental-products.tsx'));
const InfoCenter = lazy(() => import('./routes/info-center.tsx'));
const Components = lazy(() => import('./routes/components.tsx'));
const ComponentsDemo = lazy(() => import('./routes/components-demo.tsx'));
const TableDemo = lazy(() => import('./routes/table-demo.tsx'));
const Search = lazy(() => import('./routes/search.tsx'));
const Technicians = lazy(() => import('./routes/technicians.tsx'));
const Technician = lazy(() => import('./routes/technician.tsx'));
const Toilet = lazy(() => import('./routes/toilet.tsx'));
const Document = lazy(() => import('./routes/document.tsx'));
const Pricing = lazy(() => import('./routes/pricing.tsx'));
const WarehouseLocations = lazy(() => import('./routes/warehouse-locations.tsx'));
const Admin = lazy(() => import('./routes/admin.tsx'));
const AdminJobs = lazy(() => import('./routes/admin-jobs.tsx'));
const AdminShopLinks = lazy(() => import('./routes/admin-shop-links.tsx'));
const UnassignedMessages = lazy(() => import('./routes/unassigned-messages.tsx'));
const RequirePartner = lazy(() => import('./guards/require-partner.tsx'));

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
                        path: 'pricing',
                        element: (
                          <RequireAccess access={STAFF_MANAGERS}>
                            <Pricing />
                          </RequireAccess>
                        ),
                      },
                      {
                        path: 'warehouse-locations',
                        element: (
                          <RequireAccess access={STAFF_MANAGERS}>
                            <WarehouseLocations />
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
