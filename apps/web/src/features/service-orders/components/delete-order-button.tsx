import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDeleteServiceOrder } from '../api/delete-service-order.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';

const DeleteOrderDialog = lazyDialog(() =>
  import('./delete-order-dialog.tsx').then((m) => m.DeleteOrderDialog),
);

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
        // Phones only (no hover, so no tooltip): the icon button carries its name.
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('serviceOrders.delete.button')}
          onClick={open}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
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
      <DeleteOrderDialog
        opened={opened}
        onClose={() => setOpened(false)}
        orderNumber={orderNumber}
        failure={remove.isError ? apiErrorMessage(remove.error, 'errors.deleteServiceOrder') : null}
        deleting={remove.isPending}
        onConfirm={() =>
          remove.mutate(orderId, {
            onSuccess: () => {
              setOpened(false);
              notifications.show({ color: 'green', message: t('success.deleted') });
              onDeleted();
            },
          })
        }
      />
    </>
  );
}
