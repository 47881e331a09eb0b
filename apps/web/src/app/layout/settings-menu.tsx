import { useState } from 'react';
import type { ComponentProps, Ref } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyOnFirstUse, placeholderTriggerProps } from '../../components/lazy-on-first-use.ts';

/** The settings button: the same element before and after the menu's module is loaded. */
export function SettingsMenuButton({
  ref,
  ...others
}: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      {...others}
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('layout.settings.label')}
    >
      <IconSettings size={20} aria-hidden="true" />
    </ActionIcon>
  );
}

export interface SettingsMenuDropdownProps {
  openOnMount: boolean;
}

const dropdown = lazyOnFirstUse<SettingsMenuDropdownProps>(() =>
  import('./settings-menu-dropdown.tsx').then((m) => m.SettingsMenuWithDropdown),
);

/** Autosave and language; Mantine's Menu comes with the first click on the button (decision 034). */
export function SettingsMenu() {
  const [Loaded, request] = dropdown.useLoaded();
  const [openOnMount, setOpenOnMount] = useState(false);

  if (Loaded) return <Loaded openOnMount={openOnMount} />;
  return (
    <SettingsMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      {...placeholderTriggerProps(dropdown.preload, () => {
        setOpenOnMount(true);
        return request();
      })}
    />
  );
}
