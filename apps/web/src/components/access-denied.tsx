import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './page-header.tsx';

export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md">
      <ThemeIcon size="xl" radius="xl" color="red" variant="light" aria-hidden="true">
        <IconLock size={24} />
      </ThemeIcon>
      <PageHeader title={t('auth.accessDenied.title')} />
      <Text>{t('auth.accessDenied.message')}</Text>
      <Button component={Link} to="/" variant="light">
        {t('common.backToDashboard')}
      </Button>
    </Stack>
  );
}
