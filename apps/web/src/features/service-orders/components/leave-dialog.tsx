import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LeaveDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** "Leave without saving?": loaded when a navigation is first held back (leave-guard.tsx). */
export function LeaveDialog({ opened, onStay, onLeave }: LeaveDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onStay} title={t('serviceOrders.leave.title')} centered>
      <Text fz="sm">{t('serviceOrders.leave.message')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          {t('serviceOrders.leave.stay')}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t('serviceOrders.leave.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
