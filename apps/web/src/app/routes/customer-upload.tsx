import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../guards/centered-card.tsx';

/** Customers open this from an SMS or e-mail link; the upload wizard arrives with its own issue. */
export default function CustomerUploadRoute() {
  const { t } = useTranslation();
  return (
    <CenteredCard title={t('screens.customerUpload')}>
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </CenteredCard>
  );
}
