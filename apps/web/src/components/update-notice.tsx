import { Button, Group, Notification, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '../lib/service-worker.ts';

/** The banner itself, loaded only once a new version waits (update-banner.tsx). */
export default function UpdateNotice() {
  const { t } = useTranslation();
  return (
    <Notification
      withCloseButton={false}
      role="status"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 400,
        maxWidth: 480,
        marginInline: 'auto',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{t('app.update.ready')}</Text>
        <Button size="compact-sm" onClick={applyUpdate}>
          {t('app.update.reload')}
        </Button>
      </Group>
    </Notification>
  );
}
