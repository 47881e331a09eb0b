import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPartner } from '../../features/auth/hooks/use-acting-partner.ts';
import { useUnread } from '../../features/communications/api/get-unread.ts';
import { UnreadList } from '../../features/communications/components/unread-list.tsx';

/**
 * Spec §1: the badge counts the partner's unread inbound e-mail/SMS; the dropdown lists the newest.
 * The popover's target is the button itself (it gets aria-expanded/aria-controls); the badge wraps
 * the popover, so no plain element carries attributes only a button may have.
 */
export function NotificationButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // A global administrator without a chosen partner has no inbox: ask nothing (the server says 400).
  const unread = useUnread(useHasPartner());
  const count = unread.data?.count ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count === 0}
      size={18}
      color="red"
      offset={6}
      data-testid="unread-badge"
    >
      <Popover position="bottom-end" shadow="md" width={320} opened={opened} onChange={setOpened}>
        <Popover.Target>
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
    </Indicator>
  );
}
