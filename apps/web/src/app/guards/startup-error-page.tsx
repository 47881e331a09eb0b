import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout.ts';
import { CenteredCard } from './centered-card.tsx';

/** A token exists but neither the server nor local storage can tell who it belongs to. */
export function StartupErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <CenteredCard title={t('errors.authentication')}>
      <Text>{t('auth.startupError.description')}</Text>
      <Group>
        <Button onClick={onRetry}>{t('common.retry')}</Button>
        <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
          {t('auth.signOut')}
        </Button>
      </Group>
    </CenteredCard>
  );
}
