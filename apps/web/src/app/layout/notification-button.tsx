import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnread } from '../../features/communications/api/get-unread.ts';
import { UnreadList } from '../../features/communications/components/unread-list.tsx';

/** Spec §1: the badge counts the partner's unread inbound e-mail/SMS; the dropdown lists the newest. */
export function NotificationButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = useUnread();
  const count = unread.data?.count ?? 0;
  return (
    <Popover position="bottom-end" shadow="md" width={320} opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Indicator
          label={count > 99 ? '99+' : count}
          disabled={count === 0}
          size={18}
          color="red"
          offset={6}
          data-testid="unread-badge"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={
              count > 0 ? t('layout.notifications.labelUnread', { count }) : t('layout.notifications.label')
            }
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden="true" />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)">
        {opened && (
          <UnreadList
            items={unread.data?.items}
            loading={unread.isPending}
            onNavigate={() => setOpened(false)}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
