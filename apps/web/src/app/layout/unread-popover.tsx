import { Popover } from '@mantine/core';
import { UnreadList } from '../../features/communications/components/unread-list.tsx';
import { useOpenedOnMount } from '../../components/lazy-on-first-use.ts';
import { BellButton } from './notification-button.tsx';
import type { UnreadPopoverProps } from './notification-button.tsx';

/** The bell with its popover of unread messages: loaded on the first click on the bell (decision 034). */
export function UnreadPopover({ count, items, loading, openOnMount }: UnreadPopoverProps) {
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <Popover position="bottom-end" shadow="md" width={320} opened={opened} onChange={setOpened}>
      <Popover.Target>
        <BellButton count={count} ref={targetRef} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)">
        {opened && <UnreadList items={items} loading={loading} onNavigate={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}
