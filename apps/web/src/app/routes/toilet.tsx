import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { useHasPartner } from '../../features/auth/hooks/use-acting-partner.ts';
import { DocumentsForSku } from '../../features/documents/components/documents-for-sku.tsx';
import { ProductDetail } from '../../features/products/components/product-detail.tsx';
import { SerialLookup } from '../../features/serial-history/components/serial-history.tsx';
import { ChoosePartnerNote } from '../guards/require-partner.tsx';
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
  // The catalogue is shared; orders and service history are a partner's (decision 054).
  const hasPartner = useHasPartner();
  usePrefetchRelatedOrders({ relatedProductId: id }, hasPartner);
  return (
    <ProductDetail
      key={id}
      id={id}
      as="toilet"
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
    >
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('toilets.serialHistory')}
        </Title>
        {hasPartner ? <SerialLookup /> : <ChoosePartnerNote />}
      </Card>
    </ProductDetail>
  );
}
