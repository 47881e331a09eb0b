import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { DocumentsForSku } from '../../features/documents/components/documents-for-sku.tsx';
import { ProductDetail } from '../../features/products/components/product-detail.tsx';
import { SerialLookup } from '../../features/serial-history/components/serial-history.tsx';
import {
  RelatedOrders,
  usePrefetchRelatedOrders,
} from '../../features/service-orders/components/related-orders.tsx';

const COLUMNS = ['orderNumber', 'title', 'customer', 'status', 'created'] as const;

/** /toilets/{id}: the catalogue product as a toilet (from global search), with a serial look-up. */
export default function ToiletRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useCurrentUser();
  usePrefetchRelatedOrders({ relatedProductId: id });
  return (
    <ProductDetail
      key={id}
      id={id}
      as="toilet"
      canManage={isAllowed(user, STAFF_MANAGERS)}
      documents={(skus) => <DocumentsForSku sku={skus[0]} />}
      orders={({ empty }) => (
        <RelatedOrders filter={{ relatedProductId: id }} columns={COLUMNS} empty={empty} />
      )}
    >
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('toilets.serialHistory')}
        </Title>
        <SerialLookup />
      </Card>
    </ProductDetail>
  );
}
