import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function AllRentalsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h3" mb="xs">
        {t('screens.allRentals')}
      </Title>
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </>
  );
}
