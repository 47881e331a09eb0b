import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@service-portal/shared/auth';
import { useLogout } from '../../features/auth/api/logout.ts';

function initials(user: User): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const partner = user.servicePartnerName ?? t('layout.userMenu.globalAdministrator');

  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton
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
                {name}
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
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={500}>
            {name}
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
