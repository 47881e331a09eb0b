import { Divider, Popover, Stack } from '@mantine/core';
import { AlertList } from '../../features/alerts/components/alert-list.tsx';
import { UnreadList } from '../../features/communications/components/unread-list.tsx';
import { useOpenedOnMount } from '../../components/lazy-on-first-use.ts';
import { BellButton } from './notification-button.tsx';
import type { UnreadPopoverProps } from './notification-button.tsx';

/**
 * The bell with its popover of alerts and unread messages: loaded on the first click on the bell
 * (decision 034). As wide as a phone allows, so names keep their words (issue 31 item 5).
 */
export function UnreadPopover({ count, items, loading, openOnMount, hasPartner }: UnreadPopoverProps) {
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <Popover position="bottom-end" shadow="md" width={380} opened={opened} onChange={setOpened}>
      <Popover.Target>
        <BellButton count={count} ref={targetRef} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)" mah="calc(100dvh - 72px)" style={{ overflowY: 'auto' }}>
        {opened && (
          <Stack gap="sm">
            <AlertList enabled={hasPartner} onNavigate={() => setOpened(false)} />
            <Divider />
            <UnreadList items={items} loading={loading} onNavigate={() => setOpened(false)} />
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
