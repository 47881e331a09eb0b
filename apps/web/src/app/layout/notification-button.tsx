import { useState } from 'react';
import type { ComponentProps, Ref } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@service-portal/shared/communications';
import { useAlertUnreadCount } from '../../features/alerts/api/unread-count.ts';
import { useHasPartner } from '../../features/auth/hooks/use-acting-partner.ts';
import { useUnread } from '../../features/communications/api/get-unread.ts';
import { lazyOnFirstUse, placeholderTriggerProps } from '../../components/lazy-on-first-use.ts';

type BellButtonProps = ComponentProps<'button'> & { count: number; ref?: Ref<HTMLButtonElement> };

/** The bell: the same element before and after the popover's module is loaded. */
export function BellButton({ count, ref, ...others }: BellButtonProps) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      {...others}
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={
        count > 0 ? t('layout.notifications.labelUnread', { count }) : t('layout.notifications.label')
      }
    >
      <IconBell size={20} aria-hidden="true" />
    </ActionIcon>
  );
}

export interface UnreadPopoverProps {
  count: number;
  items: InboxItem[] | undefined;
  loading: boolean;
  openOnMount: boolean;
  /** False for a global administrator who has not chosen a partner: no alerts to ask for. */
  hasPartner: boolean;
}

const popover = lazyOnFirstUse<UnreadPopoverProps>(() =>
  import('./unread-popover.tsx').then((m) => m.UnreadPopover),
);

/**
 * Spec §1: the badge counts the partner's unread inbound e-mail/SMS, and (issue 31 item 12) the
 * user's unread alerts; the dropdown lists the alerts, then the newest unread messages.
 * The popover's target is the button itself (it gets aria-expanded/aria-controls); the badge wraps
 * the popover, so no plain element carries attributes only a button may have. The popover and its
 * list come with the first click on the bell (decision 034).
 */
export function NotificationButton() {
  // A global administrator without a chosen partner has no inbox: ask nothing (the server says 400).
  const hasPartner = useHasPartner();
  const unread = useUnread(hasPartner);
  const alerts = useAlertUnreadCount(hasPartner);
  const count = (unread.data?.count ?? 0) + (alerts.data ?? 0);
  const [Loaded, request] = popover.useLoaded();
  const [openOnMount, setOpenOnMount] = useState(false);
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count === 0}
      size={18}
      color="red"
      offset={6}
      data-testid="unread-badge"
    >
      {Loaded ? (
        <Loaded
          count={count}
          items={unread.data?.items}
          loading={unread.isPending}
          openOnMount={openOnMount}
          hasPartner={hasPartner}
        />
      ) : (
        <BellButton
          count={count}
          aria-haspopup="dialog"
          aria-expanded={false}
          {...placeholderTriggerProps(popover.preload, () => {
            setOpenOnMount(true);
            return request();
          })}
        />
      )}
    </Indicator>
  );
}
