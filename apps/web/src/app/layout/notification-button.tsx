import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The unread-communications badge arrives with the communications issue; no number is shown before then. */
export function NotificationButton() {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" width={260}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('layout.notifications.label')}>
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{t('layout.notifications.notAvailable')}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
