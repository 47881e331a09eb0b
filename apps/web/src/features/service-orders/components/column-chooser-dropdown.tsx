import { Checkbox, Menu, Stack } from '@mantine/core';
import { useOpenedOnMount } from '../../../components/lazy-on-first-use.ts';
import { ColumnsButton, type ColumnChooserProps } from './column-chooser.tsx';
import { useTranslation } from 'react-i18next';
import { ORDER_LIST_COLUMNS, toggleOrderListColumn } from '@service-portal/shared/service-order-views';

/**
 * Which columns the order list shows (issue 31 item 9): where the table does not fit, the user
 * drops columns here instead of the screen hiding them. The last column cannot be unchecked.
 */
export function ColumnChooserWithDropdown({
  columns,
  onChange,
  openOnMount,
}: ColumnChooserProps & { openOnMount: boolean }) {
  const { t } = useTranslation();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  const shown = new Set(columns);
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ColumnsButton ref={targetRef} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('serviceOrders.views.columnsLabel')}</Menu.Label>
        <Stack gap={6} p="xs" role="group" aria-label={t('serviceOrders.views.columnsLabel')}>
          {ORDER_LIST_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={t(`serviceOrders.columns.${column}`)}
              checked={shown.has(column)}
              disabled={shown.has(column) && shown.size === 1}
              onChange={() => onChange((current) => toggleOrderListColumn(current, column))}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
