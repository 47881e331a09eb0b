import { useState } from 'react';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { formatMessage, problemMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { useCreateShopOrder } from '../api/create-shop-order.ts';
import { useShopOrders } from '../api/list-shop-orders.ts';
import { ShopOrderConfirm } from './shop-order-confirm.tsx';
import { ShopOrderStatus } from './shop-order-status.tsx';

/**
 * The shop order of one service order: its status and link once it exists, else the button that
 * creates it. `pageOrderIds`: every order shown beside it (one request for the whole worklist page).
 */
export function ShopOrderAction({
  serviceOrderId,
  orderNumber,
  pageOrderIds = [serviceOrderId],
  hasParts = true,
  compact = false,
}: {
  serviceOrderId: string;
  orderNumber: string;
  pageOrderIds?: string[];
  hasParts?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const orders = useShopOrders(pageOrderIds);
  const create = useCreateShopOrder();
  // Asked first, with what will be ordered (issue 31 item 8).
  const [confirming, setConfirming] = useState(false);
  const existing = orders.data?.find((o) => o.serviceOrderId === serviceOrderId);

  const failure = create.isError ? toApiFailure(create.error) : null;
  const shopErrors =
    failure?.kind === 'http' && failure.problem?.code === 'shop_order_rejected'
      ? (failure.problem.errors ?? [])
      : [];

  if (existing && existing.state !== 'failed') return <ShopOrderStatus order={existing} compact={compact} />;
  if (orders.isPending && pageOrderIds.length > 0)
    return (
      <Text size="xs" c="dimmed">
        {t('shopOrders.loading')}
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start">
      {create.isError && (
        <Alert color="red" role="alert" p="xs">
          {formatMessage(t, problemMessage(create.error, 'shopOrders.errors.failed', 'shopOrder'))}
          {shopErrors.length > 0 && (
            <List size="sm">
              {shopErrors.map((e, i) => (
                <List.Item key={i}>{e.message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Button
        size={compact ? 'xs' : 'sm'}
        variant="light"
        disabled={!hasParts}
        loading={create.isPending}
        aria-label={t('shopOrders.createFor', { order: orderNumber })}
        onClick={() => setConfirming(true)}
      >
        {t('shopOrders.create')}
      </Button>
      <ShopOrderConfirm
        serviceOrderId={serviceOrderId}
        orderNumber={orderNumber}
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          create.mutate(serviceOrderId, {
            onSuccess: ({ shopOrder, created }) =>
              notifications.show({
                color: 'green',
                message: t(created ? 'shopOrders.created' : 'shopOrders.exists', {
                  name: shopOrder.name ?? '',
                }),
              }),
          });
        }}
      />
      {!hasParts && (
        <Text size="xs" c="dimmed">
          {t('shopOrders.noParts')}
        </Text>
      )}
    </Stack>
  );
}
