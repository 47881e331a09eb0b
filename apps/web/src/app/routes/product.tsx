import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { useHasPartner } from '../../features/auth/hooks/use-acting-partner.ts';
import { DocumentsForSku } from '../../features/documents/components/documents-for-sku.tsx';
import { ProductDetail } from '../../features/products/components/product-detail.tsx';
import { ChoosePartnerNote } from '../guards/require-partner.tsx';
import {
  RelatedOrders,
  usePrefetchRelatedOrders,
} from '../../features/service-orders/components/related-orders.tsx';

const COLUMNS = ['orderNumber', 'title', 'customer', 'status', 'created'] as const;

export default function ProductRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  // The catalogue is shared; the orders and the partner's own fields are a partner's (decision 054).
  const hasPartner = useHasPartner();
  usePrefetchRelatedOrders({ relatedProductId: id }, hasPartner);
  return (
    <ProductDetail
      key={id}
      id={id}
      canManage={hasPartner && isAllowed(user, STAFF_MANAGERS)}
      hasPartner={hasPartner}
      documents={(skus) => <DocumentsForSku sku={skus[0]} />}
      orders={({ empty }) =>
        hasPartner ? (
          <RelatedOrders filter={{ relatedProductId: id }} columns={COLUMNS} empty={empty} />
        ) : (
          <ChoosePartnerNote />
        )
      }
    />
  );
}
