import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { phoneOutbox, flushPhoneOutbox, useOutbox } from '../lib/phone-outbox.ts';

/**
 * "N waiting to send", and each change the server refused with its reason and the technician's
 * choice: discard it, or send it again.
 */
export function OutboxStatus() {
  const { t } = useTranslation();
  const ops = useOutbox();
  const waiting = ops.filter((op) => op.refused === undefined).length;
  const refused = ops.filter((op) => op.refused !== undefined);
  if (ops.length === 0) return null;
  return (
    <Stack gap="xs">
      {waiting > 0 && (
        <Group gap="xs">
          <Badge color="yellow" variant="light" role="status">
            {t('offline.waiting', { count: waiting })}
          </Badge>
          <Button size="compact-sm" variant="subtle" onClick={() => void flushPhoneOutbox()}>
            {t('offline.sendNow')}
          </Button>
        </Group>
      )}
      {refused.map((op) => (
        <Alert key={op.id} color="red" role="alert" title={t('offline.refused')}>
          <Text size="sm">{t(op.label.key as TranslationKey, op.label.values ?? {})}</Text>
          <Text size="sm">{t('offline.reason', { reason: op.refused?.message ?? '' })}</Text>
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" variant="default" onClick={() => void phoneOutbox().discard(op.id)}>
              {t('offline.discard')}
            </Button>
            <Button
              size="compact-sm"
              onClick={() =>
                void phoneOutbox()
                  .retry(op.id)
                  .then(() => flushPhoneOutbox())
              }
            >
              {t('offline.retry')}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
