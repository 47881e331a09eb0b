import { useState } from 'react';
import { Group, Select, Stack, Switch, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_ORDER_STATUSES, type ServiceOrderStatus } from '@service-portal/shared/service-orders';
import { DebouncedTextInput } from '../../components/debounced-text-input.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedList, type PagedListColumn } from '../../components/paged-list.tsx';
import { PriorityBadge, StatusBadge } from '../../features/service-orders/components/order-badges.tsx';
import { choiceParam, pageParam, textParam, useListParams } from '../../lib/use-list-params.ts';
import { EmptyStateDemo } from './empty-state-demo.tsx';
import type { CatalogueEntry } from './catalogue-page.tsx';
import { SAMPLE_ORDERS } from './sample-orders.ts';
import type { SampleOrder } from './sample-orders.ts';

// /table-demo: the live example of the list (one module per design page).

const LIST_PAGE_SIZE = 10;

const listCodecs = {
  search: textParam('q'),
  status: choiceParam<ServiceOrderStatus | 'all'>('status', ['all', ...SERVICE_ORDER_STATUSES], 'all'),
  page: pageParam(),
};

/** The list pattern: filters and page in the URL (useListParams), table or cards (PagedList). */
function PagedListDemo() {
  const { t } = useTranslation();
  const [state, update] = useListParams(listCodecs);
  const [phone, setPhone] = useState(false);
  const [mode, setMode] = useState<'data' | 'empty' | 'error'>('data');
  const matching =
    mode === 'empty'
      ? []
      : SAMPLE_ORDERS.filter(
          (o) =>
            (state.status === 'all' || o.status === state.status) &&
            (state.search === '' ||
              `${o.orderNumber} ${o.customer}`.toLowerCase().includes(state.search.toLowerCase())),
        );
  const page = {
    items: matching.slice((state.page - 1) * LIST_PAGE_SIZE, state.page * LIST_PAGE_SIZE),
    total: matching.length,
    page: state.page,
    pageSize: LIST_PAGE_SIZE,
  };
  const columns: PagedListColumn<SampleOrder>[] = [
    { key: 'number', header: t('serviceOrders.columns.orderNumber'), cell: (o) => o.orderNumber, fw: 500 },
    { key: 'customer', header: t('serviceOrders.columns.customer'), cell: (o) => o.customer },
    {
      key: 'status',
      header: t('serviceOrders.columns.status'),
      cell: (o) => <StatusBadge status={o.status} size="sm" />,
    },
    {
      key: 'priority',
      header: t('serviceOrders.columns.priority'),
      cell: (o) => <PriorityBadge priority={o.priority} />,
    },
  ];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <DebouncedTextInput
          value={state.search}
          onCommit={(search) => update({ search }, { replace: true })}
          label={t('designDemo.sample.searchLabel')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('serviceOrders.columns.status')}
          data={[
            { value: 'all', label: t('serviceOrders.list.anyStatus') },
            ...SERVICE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`serviceOrders.status.${s}`) })),
          ]}
          value={state.status}
          onChange={(v) => update({ status: v ?? 'all' })}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('designDemo.list.state')}
          data={(['data', 'empty', 'error'] as const).map((m) => ({
            value: m,
            label: t(`designDemo.list.${m}`),
          }))}
          value={mode}
          onChange={(v) => v && setMode(v)}
          allowDeselect={false}
          w={180}
        />
        <Switch
          label={t('designDemo.list.cards')}
          checked={phone}
          onChange={(e) => setPhone(e.currentTarget.checked)}
        />
      </Group>
      {mode === 'error' ? (
        <LoadErrorAlert message={t('errors.loadData')} onRetry={() => setMode('data')} />
      ) : (
        <PagedList
          query={{
            data: page,
            isPending: false,
            isError: false,
            error: null,
            isPlaceholderData: false,
            isFetching: false,
            refetch: () => setMode('data'),
          }}
          page={state.page}
          onPageChange={(p) => update({ page: p })}
          phone={phone}
          rowKey={(o) => o.id}
          columns={columns}
          card={(o) => (
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={500}>{o.orderNumber}</Text>
                <Text size="sm" c="dimmed">
                  {o.customer}
                </Text>
              </div>
              <StatusBadge status={o.status} size="sm" />
            </Group>
          )}
          empty={<EmptyStateDemo />}
        />
      )}
    </Stack>
  );
}

/** /table-demo: the list with its pager, cards, empty and error states. */
export const TABLE_ENTRIES: CatalogueEntry[] = [
  {
    id: 'paged-list',
    title: 'designDemo.entries.pagedList.title',
    description: 'designDemo.entries.pagedList.description',
    source: 'components/paged-list.tsx + lib/use-list-params.ts',
    demo: () => <PagedListDemo />,
  },
];
