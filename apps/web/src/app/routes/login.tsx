import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { CenteredCard } from '../guards/centered-card.tsx';

export default function LoginRoute() {
  const { t } = useTranslation();
  return (
    <CenteredCard title={t('auth.login.title')}>
      <Text c="dimmed" size="sm">
        {t('app.name')} · {t('auth.login.subtitle')}
      </Text>
      <LoginForm />
    </CenteredCard>
  );
}
