import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function RentalDashboardRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h3" mb="xs">
        {t('screens.rentalDashboard')}
      </Title>
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </>
  );
}
