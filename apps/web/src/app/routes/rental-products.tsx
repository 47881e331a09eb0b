import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function RentalProductsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h3" mb="xs">
        {t('screens.rentalProducts')}
      </Title>
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </>
  );
}
