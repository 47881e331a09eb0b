import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';

/** The rule a delete button asks about: its name and its price as shown in the table. */
export interface RuleToDelete {
  name: ReactNode;
  price: string;
}

/**
 * Asks before a pricing rule is deleted (issue 31 item 8): names the rule and its price, and says
 * that the delete can be undone for a few seconds. Nothing is sent until "Delete the price".
 */
export function DeleteRuleDialog({
  rule,
  loading,
  onCancel,
  onConfirm,
}: {
  rule: RuleToDelete | null;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={rule !== null} onClose={onCancel} title={t('pricing.deleteDialog.title')}>
      {rule && (
        <Stack>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {rule.name}
          </Text>
          <Text>{t('pricing.deleteDialog.text', { price: rule.price })}</Text>
          <Text fz="sm" c="dimmed">
            {t('pricing.deleteDialog.undoHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('pricing.deleteDialog.keep')}
            </Button>
            <Button color="red" loading={loading} onClick={onConfirm}>
              {t('pricing.deleteDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** After a delete: "Deleted" with "Undo" for 10 s; `restore` puts the rule back with the same values. */
export function showDeletedWithUndo(t: TFunction, restore: () => Promise<unknown>) {
  const id = `pricing-deleted-${Date.now()}`;
  const undo = () => {
    notifications.hide(id);
    restore().then(
      () => notifications.show({ color: 'green', message: t('pricing.restored') }),
      (e: unknown) =>
        notifications.show({
          color: 'red',
          message: formatMessage(t, apiErrorMessage(e, 'pricing.restoreFailed')),
        }),
    );
  };
  notifications.show({
    id,
    color: 'green',
    autoClose: 10_000,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <span>{t('pricing.deleted')}</span>
        <Button size="xs" variant="light" onClick={undo}>
          {t('pricing.undo')}
        </Button>
      </Group>
    ),
  });
}
