import { useState, type ComponentProps, type Ref } from 'react';
import { Button, Text } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderListView, OrderListViewSettings } from '@service-portal/shared/service-order-views';
import { lazyOnFirstUse, placeholderTriggerProps } from '../../../components/lazy-on-first-use.ts';
import { useOrderViews } from '../api/order-views.ts';

export interface SavedViewsMenuProps {
  /** The view the list was opened from, if any. */
  activeId: string;
  /** The list's current settings: what "Save" keeps. */
  current: OrderListViewSettings;
  onOpen: (view: OrderListView) => void;
  /** The active view is gone (deleted): the list keeps its settings but names no view. */
  onForget: () => void;
}

/** The views button: the same element before and after the menu's module is loaded. */
export function SavedViewsButton({
  ref,
  activeName,
  ...others
}: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement>; activeName: string | null }) {
  const { t } = useTranslation();
  return (
    <Button
      {...others}
      ref={ref}
      variant={activeName !== null ? 'light' : 'default'}
      leftSection={<IconBookmark size={18} aria-hidden="true" />}
    >
      <Text span truncate="end" maw={160} fz="sm" fw={600}>
        {activeName ?? t('serviceOrders.views.views')}
      </Text>
    </Button>
  );
}

const dropdown = lazyOnFirstUse<SavedViewsMenuProps & { openOnMount: boolean }>(() =>
  import('./saved-views-dropdown.tsx').then((m) => m.SavedViewsMenuWithDropdown),
);

/** The saved views of the order list; the menu and its dialogs come with the first use (decision 034). */
export function SavedViewsMenu(props: SavedViewsMenuProps) {
  const [Loaded, request] = dropdown.useLoaded();
  const [openOnMount, setOpenOnMount] = useState(false);
  const views = useOrderViews();
  if (Loaded) return <Loaded {...props} openOnMount={openOnMount} />;
  const active = views.data?.find((v) => v.id === props.activeId);
  return (
    <SavedViewsButton
      activeName={active?.name ?? null}
      aria-haspopup="menu"
      aria-expanded={false}
      {...placeholderTriggerProps(dropdown.preload, () => {
        setOpenOnMount(true);
        return request();
      })}
    />
  );
}
