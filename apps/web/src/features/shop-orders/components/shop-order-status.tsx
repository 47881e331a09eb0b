import { Anchor, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopOrder } from '@service-portal/shared/shop-orders';

const COLORS = { pending: 'gray', created: 'yellow', completed: 'green', failed: 'red' } as const;

/** A shop order's name, state and the link to it in the shop. */
export function ShopOrderStatus({ order, compact = false }: { order: ShopOrder; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      {order.name && (
        <Text size="sm" fw={600}>
          {order.name}
        </Text>
      )}
      <Badge variant="light" color={COLORS[order.state]}>
        {t(`shopOrders.state.${order.state}`)}
      </Badge>
      {!compact && order.shopStatus && (
        <Text size="xs" c="dimmed">
          {t('shopOrders.shopStatus', { status: order.shopStatus })}
        </Text>
      )}
      {order.adminUrl && (
        <Anchor href={order.adminUrl} target="_blank" rel="noreferrer" size="sm">
          {t('shopOrders.open')}
          <VisuallyHidden>
            {' '}
            {order.name ?? ''} ({t('shopOrders.opensInNewTab')})
          </VisuallyHidden>
        </Anchor>
      )}
    </Group>
  );
}
