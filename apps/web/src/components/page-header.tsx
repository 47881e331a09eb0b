import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The screen's heading; also names the browser tab (React 19 hoists <title> into the head). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <title>{`${title} · ${t('app.name')}`}</title>
      {/* Focusable by script only: the layout moves focus here after each navigation (decision 028). */}
      <Title order={1} size="h2" tabIndex={-1}>
        {title}
      </Title>
      {actions}
    </Group>
  );
}
