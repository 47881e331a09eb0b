import { Menu } from '@mantine/core';
import { IconFileSpreadsheet, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnMount } from '../../../components/lazy-on-first-use.ts';
import { ExportTrigger } from './export-button.tsx';
import type { ExportMenuProps } from './export-button.tsx';

/** The export choices for staff: loaded on the first click on the button (decision 034). */
export function ExportMenu({ openOnMount, pending, run }: ExportMenuProps) {
  const { t } = useTranslation();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <Menu position="bottom-end" shadow="md" width={260} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ExportTrigger ref={targetRef} pending={pending} withMenu />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
          onClick={() => run(false)}
        >
          {t('serviceOrders.export.plain')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={18} aria-hidden="true" />} onClick={() => run(true)}>
          {t('serviceOrders.export.withInternalNotes')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
