import { useState } from 'react';
import type { ComponentProps, Ref } from 'react';
import { Button } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyOnFirstUse, placeholderTriggerProps } from '../../../components/lazy-on-first-use.ts';
import type { ServiceOrderFilters } from '../api/list-service-orders.ts';
import type { useExportServiceOrders } from '../api/export-service-orders.ts';

interface ExportButtonProps {
  filters: ServiceOrderFilters;
  exporter: ReturnType<typeof useExportServiceOrders>;
  /** Administrators and ServiceManagers may include internal notes (staff only). */
  canIncludeInternalNotes: boolean;
}

export interface ExportMenuProps {
  openOnMount: boolean;
  pending: boolean;
  run: (includeInternalNotes: boolean) => void;
}

/** The export button: the same element before and after its menu's module is loaded. */
export function ExportTrigger({
  ref,
  pending,
  withMenu,
  ...others
}: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement>; pending: boolean; withMenu: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      {...others}
      ref={ref}
      variant="default"
      leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
      rightSection={withMenu ? <IconChevronDown size={14} aria-hidden="true" /> : undefined}
      loading={pending}
    >
      {t('serviceOrders.export.button')}
    </Button>
  );
}

const menu = lazyOnFirstUse<ExportMenuProps>(() => import('./export-menu.tsx').then((m) => m.ExportMenu));

/**
 * Exports what the list shows (its filters and sort, all pages) as an Excel workbook. Staff choose
 * with or without internal notes in a menu that loads on the first click (issue 18: weight).
 */
export function ExportButton({ filters, exporter, canIncludeInternalNotes }: ExportButtonProps) {
  const [Loaded, request] = menu.useLoaded();
  const [openOnMount, setOpenOnMount] = useState(false);
  const run = (includeInternalNotes: boolean) => {
    exporter.mutate({ filters, includeInternalNotes });
  };

  if (!canIncludeInternalNotes) {
    return <ExportTrigger pending={exporter.isPending} withMenu={false} onClick={() => run(false)} />;
  }
  if (Loaded) return <Loaded openOnMount={openOnMount} pending={exporter.isPending} run={run} />;
  return (
    <ExportTrigger
      pending={exporter.isPending}
      withMenu
      aria-haspopup="menu"
      aria-expanded={false}
      {...placeholderTriggerProps(menu.preload, () => {
        setOpenOnMount(true);
        return request();
      })}
    />
  );
}
