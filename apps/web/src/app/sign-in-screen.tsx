import { useSyncExternalStore } from 'react';
import { Alert, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getSessionEndReason, subscribeSession } from '../lib/auth-storage.ts';
import { hasKeptFormDrafts } from '../lib/form-drafts-kept.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { ShopSignInButton } from '../features/shop-auth/components/shop-sign-in-button.tsx';
import { CenteredCard } from './guards/centered-card.tsx';

/**
 * The sign-in page's content, without the router: the /login route renders it inside the app, and
 * a first visit of /login renders it alone (sign-in-app.tsx) so the page loads little more than
 * React, the form and the texts (issue 18, decision 032).
 */
export function SignInScreen({ returnUrl }: { returnUrl: string }) {
  const { t } = useTranslation();
  // The server refused the session (401) while the app was open: say so, and that the typing waits.
  const ended = useSyncExternalStore(subscribeSession, getSessionEndReason, () => null);
  const kept = hasKeptFormDrafts();
  return (
    <CenteredCard title={t('auth.login.title')}>
      {(ended === 'rejected' || kept) && (
        <Alert color="yellow" role="status" title={t('auth.login.sessionExpired')}>
          {kept && t('auth.login.draftKept')}
        </Alert>
      )}
      <Text c="dimmed" size="sm">
        {t('app.name')} · {t('auth.login.subtitle')}
      </Text>
      <LoginForm />
      <Stack gap="sm">
        <Divider label={t('shopAuth.or')} labelPosition="center" />
        {/* The shop brings the user back to /auth/callback, which returns to where they were heading. */}
        <ShopSignInButton returnUrl={returnUrl} />
      </Stack>
    </CenteredCard>
  );
}
