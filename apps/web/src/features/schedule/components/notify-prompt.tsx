import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { formatMessage } from '../../../lib/api-errors.ts';
import { scheduleErrorMessage } from '../lib/messages.ts';
import { useNotifyCustomer } from '../api/notify-customer.ts';
import type { NotifyChannel } from '../api/notify-customer.ts';
import { formatLongDay } from '../lib/format.ts';

/**
 * After a card was scheduled or moved: offers to tell the customer the new day by SMS or e-mail
 * (issue 25 §5). Stays until sent, dismissed or replaced by the next move's.
 */
export function NotifyPrompt({
  card,
  onDismiss,
  onSent,
}: {
  card: ScheduleCard;
  onDismiss: () => void;
  /** After the message was sent and logged (the order page refreshes its communications). */
  onSent?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotifyCustomer();
  const send = (channel: NotifyChannel) =>
    notify.mutate({ orderId: card.id, channel }, { onSuccess: () => onSent?.() });
  const when =
    card.date === null
      ? ''
      : card.start === null
        ? formatLongDay(card.date, i18n.language)
        : t('schedule.notify.dayAndTime', { day: formatLongDay(card.date, i18n.language), time: card.start });
  return (
    <Alert
      role="status"
      color={notify.isError ? 'red' : notify.isSuccess ? 'green' : 'blue'}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={onDismiss}
      title={t('schedule.notify.title', { order: card.orderNumber, when })}
    >
      {notify.isSuccess ? (
        <Text size="sm">{t('schedule.notify.sent')}</Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('schedule.notify.question')}</Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconMessage size={16} aria-hidden="true" />}
            loading={notify.isPending && notify.variables.channel === 'sms'}
            disabled={notify.isPending}
            onClick={() => send('sms')}
          >
            {t('schedule.notify.sms')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconMail size={16} aria-hidden="true" />}
            loading={notify.isPending && notify.variables.channel === 'email'}
            disabled={notify.isPending}
            onClick={() => send('email')}
          >
            {t('schedule.notify.email')}
          </Button>
        </Group>
      )}
      {notify.isError && (
        <Text size="sm" c="red.8" mt={4}>
          {formatMessage(t, scheduleErrorMessage(notify.error, 'schedule.notify.failed'))}
        </Text>
      )}
    </Alert>
  );
}
