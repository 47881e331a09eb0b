import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, SERVICE_ORDER_STATUSES } from '@service-portal/shared/service-orders';
import { DebouncedTextInput } from '../../components/debounced-text-input.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PriorityBadge, StatusBadge } from '../../features/service-orders/components/order-badges.tsx';
import { EmptyStateDemo } from './empty-state-demo.tsx';
import type { CatalogueEntry } from './catalogue-page.tsx';

// /components: the live examples of the display pieces. Each page of the design catalogue has its own
// module, so a page loads only its own examples (issue 18: weight).

function PageHeaderDemo() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('designDemo.sample.pageTitle')}
      actions={<Button>{t('designDemo.sample.action')}</Button>}
    />
  );
}

function BadgesDemo() {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {SERVICE_ORDER_STATUSES.map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
      </Group>
      <Group gap="xs">
        {PRIORITIES.map((p) => (
          <PriorityBadge key={p} priority={p} />
        ))}
      </Group>
    </Stack>
  );
}

function LoadErrorDemo() {
  const { t } = useTranslation();
  const [retries, setRetries] = useState(0);
  return (
    <Stack gap="xs">
      <LoadErrorAlert message={t('errors.loadData')} onRetry={() => setRetries((n) => n + 1)} />
      <Text size="xs" c="dimmed">
        {t('designDemo.retried', { count: retries })}
      </Text>
    </Stack>
  );
}

function DebouncedInputDemo() {
  const { t } = useTranslation();
  const [committed, setCommitted] = useState('');
  return (
    <Stack gap="xs" maw={420}>
      <DebouncedTextInput
        value={committed}
        onCommit={setCommitted}
        label={t('designDemo.sample.searchLabel')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
      />
      <Text size="sm">{t('designDemo.committed', { value: committed || '—' })}</Text>
    </Stack>
  );
}

function NotificationDemo() {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        variant="light"
        color="green"
        onClick={() => notifications.show({ color: 'green', message: t('success.saved') })}
      >
        {t('success.saved')}
      </Button>
      <Button
        variant="light"
        color="red"
        onClick={() => notifications.show({ color: 'red', message: t('errors.generic') })}
      >
        {t('errors.generic')}
      </Button>
    </Group>
  );
}

/** /components: the building blocks every screen is made of. */
export const COMPONENT_ENTRIES: CatalogueEntry[] = [
  {
    id: 'page-header',
    title: 'designDemo.entries.pageHeader.title',
    description: 'designDemo.entries.pageHeader.description',
    source: 'components/page-header.tsx',
    demo: () => <PageHeaderDemo />,
  },
  {
    id: 'badges',
    title: 'designDemo.entries.badges.title',
    description: 'designDemo.entries.badges.description',
    source: 'features/service-orders/components/order-badges.tsx',
    demo: () => <BadgesDemo />,
  },
  {
    id: 'load-error',
    title: 'designDemo.entries.loadError.title',
    description: 'designDemo.entries.loadError.description',
    source: 'components/load-error-alert.tsx',
    demo: () => <LoadErrorDemo />,
  },
  {
    id: 'empty-state',
    title: 'designDemo.entries.emptyState.title',
    description: 'designDemo.entries.emptyState.description',
    source: '@mantine/core EmptyState',
    demo: () => <EmptyStateDemo />,
  },
  {
    id: 'debounced-input',
    title: 'designDemo.entries.debouncedInput.title',
    description: 'designDemo.entries.debouncedInput.description',
    source: 'components/debounced-text-input.tsx',
    demo: () => <DebouncedInputDemo />,
  },
  {
    id: 'notifications',
    title: 'designDemo.entries.notifications.title',
    description: 'designDemo.entries.notifications.description',
    source: '@mantine/notifications',
    demo: () => <NotificationDemo />,
  },
];
