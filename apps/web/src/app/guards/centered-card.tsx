import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Frame of the pages shown outside the main layout: sign-in, and the states that block the app. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <title>{`${title} · ${t('app.name')}`}</title>
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
