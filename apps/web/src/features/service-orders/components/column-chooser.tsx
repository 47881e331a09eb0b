import { useState, type ComponentProps, type Ref } from 'react';
import { Button } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderListColumn } from '@service-portal/shared/service-order-views';
import { lazyOnFirstUse, placeholderTriggerProps } from '../../../components/lazy-on-first-use.ts';

export interface ColumnChooserProps {
  columns: readonly OrderListColumn[];
  /**
   * A change of the columns as a function of the newest ones, so that two quick clicks both count
   * (the list applies it to its newest state, not to `columns` of the last render).
   */
  onChange: (change: (columns: readonly OrderListColumn[]) => OrderListColumn[]) => void;
}

/** The columns button: the same element before and after the menu's module is loaded. */
export function ColumnsButton({
  ref,
  ...others
}: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  return (
    <Button
      {...others}
      ref={ref}
      variant="default"
      leftSection={<IconColumns size={18} aria-hidden="true" />}
    >
      {t('serviceOrders.views.columns')}
    </Button>
  );
}

const dropdown = lazyOnFirstUse<ColumnChooserProps & { openOnMount: boolean }>(() =>
  import('./column-chooser-dropdown.tsx').then((m) => m.ColumnChooserWithDropdown),
);

/**
 * Which columns the order list shows (issue 31 item 9); the menu comes with the first use of its
 * button (decision 034).
 */
export function ColumnChooser(props: ColumnChooserProps) {
  const [Loaded, request] = dropdown.useLoaded();
  const [openOnMount, setOpenOnMount] = useState(false);
  if (Loaded) return <Loaded {...props} openOnMount={openOnMount} />;
  return (
    <ColumnsButton
      aria-haspopup="menu"
      aria-expanded={false}
      {...placeholderTriggerProps(dropdown.preload, () => {
        setOpenOnMount(true);
        return request();
      })}
    />
  );
}
