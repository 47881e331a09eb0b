import { Box, Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useOpenedOnMount } from '../../components/lazy-on-first-use.ts';
import { UserMenuButton, userDisplayName } from './user-menu.tsx';
import type { UserMenuDropdownProps } from './user-menu.tsx';

/** The user menu with its dropdown: loaded on the first click on the user button (decision 034). */
export function UserMenuWithDropdown({ user, partner, openOnMount }: UserMenuDropdownProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);

  return (
    <Menu position="bottom-end" width={260} shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuButton user={user} partner={partner} ref={targetRef} />
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={500}>
            {userDisplayName(user)}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Text size="xs" mt={4}>
            {partner}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {t('layout.userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
