import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useDeleteServiceOrder } from '../api/delete-service-order.ts';

interface DeleteOrderButtonProps {
  orderId: string;
  orderNumber: string;
  onDeleted: () => void;
  /** An icon only, where space is short (phones). */
  compact?: boolean;
}

/** Administrators and ServiceManagers only (the caller decides whether to render it; the server enforces it). */
export function DeleteOrderButton({
  orderId,
  orderNumber,
  onDeleted,
  compact = false,
}: DeleteOrderButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const remove = useDeleteServiceOrder();
  const open = () => {
    remove.reset();
    setOpened(true);
  };

  return (
    <>
      {compact ? (
        <Tooltip label={t('serviceOrders.delete.button')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('serviceOrders.delete.button')}
            onClick={open}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={open}
        >
          {t('serviceOrders.delete.button')}
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('serviceOrders.delete.title')}
        centered
      >
        <Stack>
          <Text fz="sm">{t('serviceOrders.delete.message', { orderNumber })}</Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {formatMessage(t, apiErrorMessage(remove.error, 'errors.deleteServiceOrder'))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(orderId, {
                  onSuccess: () => {
                    setOpened(false);
                    notifications.show({ color: 'green', message: t('success.deleted') });
                    onDeleted();
                  },
                })
              }
            >
              {t('serviceOrders.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
