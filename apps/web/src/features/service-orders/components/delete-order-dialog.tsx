import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';

export interface DeleteOrderDialogProps {
  opened: boolean;
  onClose: () => void;
  orderNumber: string;
  /** Why the last attempt failed, if it did. */
  failure: UiMessage | null;
  deleting: boolean;
  onConfirm: () => void;
}

/** "Delete service order?": loaded on the first click of Delete (delete-order-button.tsx). */
export function DeleteOrderDialog({
  opened,
  onClose,
  orderNumber,
  failure,
  deleting,
  onConfirm,
}: DeleteOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('serviceOrders.delete.title')} centered>
      <Stack>
        <Text fz="sm">{t('serviceOrders.delete.message', { orderNumber })}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {formatMessage(t, failure)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            {t('serviceOrders.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
