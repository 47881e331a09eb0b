import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from './guards/centered-card.tsx';

/**
 * Last resort for render errors and for route chunks that fail to load (typically after a deploy
 * replaced them); a reload fetches the current ones.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <CenteredCard title={t('routeError.title')}>
      <Text>{t('routeError.description')}</Text>
      <Button onClick={() => window.location.reload()}>{t('common.reloadPage')}</Button>
    </CenteredCard>
  );
}
