import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../guards/centered-card.tsx';

/** The shop platform's sign-in redirect lands here; that flow arrives with the shop sign-in issue. */
export default function AuthCallbackRoute() {
  const { t } = useTranslation();
  return (
    <CenteredCard title={t('screens.authCallback')}>
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </CenteredCard>
  );
}
