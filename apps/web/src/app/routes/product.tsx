import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { DocumentsForSku } from '../../features/documents/components/documents-for-sku.tsx';
import { ProductDetail } from '../../features/products/components/product-detail.tsx';
import {
  RelatedOrders,
  usePrefetchRelatedOrders,
} from '../../features/service-orders/components/related-orders.tsx';

const COLUMNS = ['orderNumber', 'title', 'customer', 'status', 'created'] as const;

export default function ProductRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  usePrefetchRelatedOrders({ relatedProductId: id });
  return (
    <ProductDetail
      key={id}
      id={id}
      canManage={isAllowed(user, STAFF_MANAGERS)}
      documents={(skus) => <DocumentsForSku sku={skus[0]} />}
      orders={({ empty }) => (
        <RelatedOrders filter={{ relatedProductId: id }} columns={COLUMNS} empty={empty} />
      )}
    />
  );
}
