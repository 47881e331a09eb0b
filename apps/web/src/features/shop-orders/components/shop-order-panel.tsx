import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShopOrderAction } from './shop-order-action.tsx';

/** On the order page: the order's spare parts ordered from the maker's shop. */
export function ShopOrderPanel({
  serviceOrderId,
  orderNumber,
  partCount,
}: {
  serviceOrderId: string;
  orderNumber: string;
  partCount: number;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`shop-order-${serviceOrderId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`shop-order-${serviceOrderId}`}>
          {t('shopOrders.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shopOrders.description', { count: partCount })}
        </Text>
        <ShopOrderAction serviceOrderId={serviceOrderId} orderNumber={orderNumber} hasParts={partCount > 0} />
      </Stack>
    </Paper>
  );
}
