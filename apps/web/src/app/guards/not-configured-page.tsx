import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout.ts';
import { CenteredCard } from './centered-card.tsx';

/** Product rule: a user without a partner who is not a global administrator cannot use the app. */
export function NotConfiguredPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <CenteredCard title={t('auth.notConfigured.title')}>
      <Text>{t('auth.notConfigured.description')}</Text>
      <Button
        leftSection={<IconLogout size={18} />}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        {t('auth.signOut')}
      </Button>
    </CenteredCard>
  );
}
