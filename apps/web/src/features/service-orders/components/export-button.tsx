import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderFilters } from '../api/list-service-orders.ts';
import type { useExportServiceOrders } from '../api/export-service-orders.ts';

interface ExportButtonProps {
  filters: ServiceOrderFilters;
  exporter: ReturnType<typeof useExportServiceOrders>;
  /** Administrators and ServiceManagers may include internal notes (staff only). */
  canIncludeInternalNotes: boolean;
}

/** Exports what the list shows (its filters and sort, all pages) as an Excel workbook. */
export function ExportButton({ filters, exporter, canIncludeInternalNotes }: ExportButtonProps) {
  const { t } = useTranslation();
  const run = (includeInternalNotes: boolean) => {
    exporter.mutate({ filters, includeInternalNotes });
  };
  const icon = <IconFileSpreadsheet size={18} aria-hidden="true" />;

  if (!canIncludeInternalNotes) {
    return (
      <Button variant="default" leftSection={icon} loading={exporter.isPending} onClick={() => run(false)}>
        {t('serviceOrders.export.button')}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={icon}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          loading={exporter.isPending}
        >
          {t('serviceOrders.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={icon} onClick={() => run(false)}>
          {t('serviceOrders.export.plain')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={18} aria-hidden="true" />} onClick={() => run(true)}>
          {t('serviceOrders.export.withInternalNotes')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
