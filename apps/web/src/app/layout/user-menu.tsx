import { useState } from 'react';
import type { ComponentProps, Ref } from 'react';
import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@service-portal/shared/auth';
import { lazyOnFirstUse, placeholderTriggerProps } from '../../components/lazy-on-first-use.ts';

function initials(user: User): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function userDisplayName(user: User): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

type UserMenuButtonProps = ComponentProps<'button'> & {
  user: User;
  partner: string;
  ref?: Ref<HTMLButtonElement>;
};

/** The top bar's user button: the same element before and after the menu's module is loaded. */
export function UserMenuButton({ user, partner, ref, ...others }: UserMenuButtonProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      {...others}
      ref={ref}
      aria-label={t('layout.userMenu.label')}
      p={4}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar radius="xl" size={32} color="blue">
          {initials(user)}
        </Avatar>
        <Box visibleFrom="md" maw={180}>
          <Text size="sm" fw={500} truncate="end">
            {userDisplayName(user)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {partner}
          </Text>
        </Box>
        {/* On a phone the avatar alone is the button: the top bar's room goes to the search box. */}
        <Box visibleFrom="sm" style={{ display: 'flex' }}>
          <IconChevronDown size={14} aria-hidden="true" />
        </Box>
      </Group>
    </UnstyledButton>
  );
}

export interface UserMenuDropdownProps {
  user: User;
  partner: string;
  openOnMount: boolean;
}

const dropdown = lazyOnFirstUse<UserMenuDropdownProps>(() =>
  import('./user-menu-dropdown.tsx').then((m) => m.UserMenuWithDropdown),
);

/** The user menu; Mantine's Menu comes with the first click on the button (decision 034). */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [Loaded, request] = dropdown.useLoaded();
  const [openOnMount, setOpenOnMount] = useState(false);
  const partner = user.servicePartnerName ?? t('layout.userMenu.globalAdministrator');

  if (Loaded) return <Loaded user={user} partner={partner} openOnMount={openOnMount} />;
  return (
    <UserMenuButton
      user={user}
      partner={partner}
      aria-haspopup="menu"
      aria-expanded={false}
      {...placeholderTriggerProps(dropdown.preload, () => {
        setOpenOnMount(true);
        return request();
      })}
    />
  );
}
