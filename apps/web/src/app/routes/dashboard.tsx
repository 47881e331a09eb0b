import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';

export default function DashboardRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <>
      <PageHeader title={t('screens.dashboard')} />
      <Stack gap="md">
        <div>
          <Text size="lg" fw={500}>
            {t('dashboard.welcome', { name })}
          </Text>
          <Text c="dimmed">
            {user.servicePartnerName !== null
              ? t('dashboard.partner', { partner: user.servicePartnerName })
              : t('dashboard.globalAdministrator')}
          </Text>
        </div>
        <DashboardScreen />
      </Stack>
    </>
  );
}
