import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  confirmColor?: MantineColor;
  onConfirm: () => void;
  pending?: boolean;
}

/** A yes/no question before an action that cannot be undone (delete, merge, cancel). */
export function ConfirmDialogContent({
  opened,
  onClose,
  title,
  message,
  confirmLabel,
  confirmColor = 'red',
  onConfirm,
  pending = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
