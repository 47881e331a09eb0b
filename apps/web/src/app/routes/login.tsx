import { Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { ShopSignInButton } from '../../features/shop-auth/components/shop-sign-in-button.tsx';
import { CenteredCard } from '../guards/centered-card.tsx';
import { returnPathFrom } from '../guards/return-path.ts';

export default function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <CenteredCard title={t('auth.login.title')}>
      <Text c="dimmed" size="sm">
        {t('app.name')} · {t('auth.login.subtitle')}
      </Text>
      <LoginForm />
      <Stack gap="sm">
        <Divider label={t('shopAuth.or')} labelPosition="center" />
        {/* The shop brings the user back to /auth/callback, which returns to where they were heading. */}
        <ShopSignInButton returnUrl={returnPathFrom(location.state)} />
      </Stack>
    </CenteredCard>
  );
}
