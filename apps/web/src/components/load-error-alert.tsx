import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list that failed to load: the translated reason and a retry button. */
export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <span>{message}</span>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
