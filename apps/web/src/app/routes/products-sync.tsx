import { isAllowed, PRODUCT_SYNC_ACCESS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { ProductSyncScreen } from '../../features/products/components/product-sync-screen.tsx';

/** Any signed-in user sees the sync; an Administrator (or global administrator) starts one. */
export default function ProductsSyncRoute() {
  const user = useCurrentUser();
  return <ProductSyncScreen canSync={isAllowed(user, PRODUCT_SYNC_ACCESS)} />;
}
