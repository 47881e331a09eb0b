import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMessage, apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useShopOrderPreview } from '../api/preview-shop-order.ts';

/**
 * Before the parts are ordered (issue 31 item 8): every part, its quantity and unit price, the
 * total in the order's currency and the shop it goes to. A shop order cannot be taken back, so
 * there is no undo; the dialog says so. Nothing is sent unless "Order these parts" is pressed.
 */
export function ShopOrderConfirm({
  serviceOrderId,
  orderNumber,
  opened,
  onCancel,
  onConfirm,
}: {
  serviceOrderId: string;
  orderNumber: string;
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const preview = useShopOrderPreview(serviceOrderId, opened);
  const data = preview.data;
  const money = (minor: number) => (data ? formatMoney(minor, data.currency, i18n.language) : '');

  return (
    <Modal opened={opened} onClose={onCancel} title={t('shopOrders.confirm.title', { order: orderNumber })}>
      <Stack>
        {preview.isPending ? (
          <Loader size="sm" aria-label={t('shopOrders.loading')} />
        ) : preview.isError ? (
          <Alert color="red" role="alert">
            {formatMessage(t, apiErrorMessage(preview.error, 'shopOrders.confirm.loadFailed'))}
          </Alert>
        ) : (
          data && (
            <>
              <Text>{t('shopOrders.confirm.shop', { shop: data.shop })}</Text>
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {data.lines.map((line, i) => (
                  <li key={i}>
                    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {line.name}
                        </Text>
                        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {line.partNumber}
                          {line.catalogue ? ` · ${t('shopOrders.confirm.catalogue')}` : ''}
                        </Text>
                        <Text fz="sm">
                          {t('shopOrders.confirm.quantityPrice', {
                            count: line.quantity,
                            price: money(line.unitPrice),
                          })}
                        </Text>
                      </div>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {money(line.lineTotal)}
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
              <Group justify="space-between" gap="xs">
                <Text fw={700}>{t('shopOrders.confirm.total')}</Text>
                <Text fw={700}>{money(data.total)}</Text>
              </Group>
            </>
          )
        )}
        <Text fz="sm" c="dimmed">
          {t('shopOrders.confirm.noUndo')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('shopOrders.confirm.cancel')}
          </Button>
          <Button disabled={!data || data.lines.length === 0} onClick={onConfirm}>
            {t('shopOrders.confirm.order')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
