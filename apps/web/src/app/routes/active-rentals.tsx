import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function ActiveRentalsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h3" mb="xs">
        {t('screens.activeRentals')}
      </Title>
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </>
  );
}
