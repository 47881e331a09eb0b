import { useId, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  Divider,
  EmptyState,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconClipboardList,
  IconFilter,
  IconFilterOff,
  IconMail,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageRange } from '@service-portal/shared/pagination';
import { PRIORITIES, SERVICE_ORDER_STATUSES } from '@service-portal/shared/service-orders';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useExportServiceOrders } from '../api/export-service-orders.ts';
import { useServiceOrders } from '../api/list-service-orders.ts';
import { hasFilters, hasScope, LIST_PAGE_SIZE, toQuery, useListState } from '../hooks/use-list-state.ts';
import { useSelection } from '../hooks/use-selection.ts';
import type { Lookup } from '../lib/lookups.ts';
import { BulkActionsBar } from './bulk-actions-bar.tsx';
import { ExportButton } from './export-button.tsx';
import { OrderCards, OrderCardsSkeleton } from './order-cards.tsx';
import { OrdersTable, OrdersTableSkeleton } from './orders-table.tsx';

interface ServiceOrderListProps {
  technicians: Lookup;
  canExportInternalNotes: boolean;
}

/** Spec §2 "Service order list". */
export function ServiceOrderList({ technicians, canExportInternalNotes }: ServiceOrderListProps) {
  const { t } = useTranslation();
  const [state, update] = useListState();
  const query = toQuery(state);
  const orders = useServiceOrders(query);
  const exporter = useExportServiceOrders();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const advancedCount = state.status.length + state.priority.length + (state.customerEmail ? 1 : 0);
  const [filtersOpen, setFiltersOpen] = useState(advancedCount > 0);
  const filtersId = useId();

  const items = orders.data?.items ?? [];
  const selection = useSelection(
    JSON.stringify(query),
    orders.isPlaceholderData ? [] : items.map((o) => o.id),
  );
  const total = orders.data?.total ?? 0;
  const { from, to } = pageRange(state.page, LIST_PAGE_SIZE, total);
  const lastPage = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const filtered = hasFilters(state);

  const statusOptions = SERVICE_ORDER_STATUSES.map((value) => ({
    value,
    label: t(`serviceOrders.status.${value}`),
  }));
  const priorityOptions = PRIORITIES.map((value) => ({ value, label: t(`serviceOrders.priority.${value}`) }));
  const clearFilters = () => update({ search: '', status: [], priority: [], customerEmail: '', scope: {} });

  let content;
  if (orders.isPending) {
    content = (
      <Box role="status" aria-label={t('serviceOrders.list.loading')}>
        {isPhone ? <OrderCardsSkeleton /> : <OrdersTableSkeleton />}
      </Box>
    );
  } else if (orders.isError && orders.data === undefined) {
    content = (
      <Alert
        m="md"
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle size={18} />}
        title={t('errors.searchServiceOrders')}
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{formatMessage(t, apiErrorMessage(orders.error, 'errors.searchServiceOrders'))}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void orders.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (items.length === 0 && total > 0) {
    // A page past the end (an old link, or orders deleted meanwhile).
    content = (
      <EmptyState
        py={48}
        icon={<IconClipboardList size={28} />}
        withIndicatorBackground
        title={t('serviceOrders.list.pageEmpty')}
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={() => update({ page: 1 })}>
            {t('serviceOrders.list.firstPage')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (items.length === 0) {
    content = filtered ? (
      <EmptyState
        py={48}
        icon={<IconSearch size={28} />}
        withIndicatorBackground
        title={t('serviceOrders.list.noMatchesTitle')}
        description={t('serviceOrders.list.noMatches')}
      >
        <EmptyState.Actions>
          <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
            {t('serviceOrders.list.clearFilters')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        py={48}
        icon={<IconClipboardList size={28} />}
        variant="light"
        title={t('serviceOrders.list.emptyTitle')}
        description={t('serviceOrders.list.empty')}
      >
        <EmptyState.Actions>
          <Button component={Link} to="/service-orders/new" leftSection={<IconPlus size={16} />}>
            {t('serviceOrders.list.newOrder')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (isPhone) {
    content = (
      <Box pt="md">
        <OrderCards items={items} selection={selection} />
      </Box>
    );
  } else {
    content = (
      <OrdersTable
        items={items}
        selection={selection}
        sortDirection={state.sortDirection}
        onToggleSort={() => update({ sortDirection: state.sortDirection === 'asc' ? 'desc' : 'asc' })}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('screens.serviceOrders')}
        actions={
          <Button
            component={Link}
            to="/service-orders/new"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('serviceOrders.list.newOrder')}
          </Button>
        }
      />
      <Paper
        withBorder={!isPhone}
        radius="md"
        shadow={isPhone ? undefined : 'xs'}
        bg={isPhone ? 'transparent' : undefined}
      >
        <Stack gap="sm" p={isPhone ? 0 : 'md'} pb="md">
          <Group gap="sm" wrap="wrap" align="flex-start">
            <DebouncedTextInput
              type="search"
              value={state.search}
              onCommit={(search) => update({ search }, { replace: true })}
              aria-label={t('serviceOrders.list.searchLabel')}
              placeholder={t('serviceOrders.list.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              style={{ flex: '1 1 260px' }}
            />
            <Group gap="sm" wrap="nowrap" grow={isPhone} w={isPhone ? '100%' : undefined}>
              <Button
                variant={filtersOpen ? 'light' : 'default'}
                leftSection={<IconFilter size={18} aria-hidden="true" />}
                rightSection={
                  advancedCount > 0 ? (
                    <Badge
                      size="sm"
                      circle
                      aria-label={t('serviceOrders.list.activeFilters', { count: advancedCount })}
                    >
                      {advancedCount}
                    </Badge>
                  ) : null
                }
                aria-expanded={filtersOpen}
                aria-controls={filtersId}
                onClick={() => setFiltersOpen((open) => !open)}
              >
                {t('serviceOrders.list.filters')}
              </Button>
              <ExportButton
                filters={query}
                exporter={exporter}
                canIncludeInternalNotes={canExportInternalNotes}
              />
            </Group>
          </Group>

          {hasScope(state.scope) && (
            <Alert variant="light" color="blue" data-testid="list-scope">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('dashboard.listScope')}</Text>
                <Button size="xs" variant="subtle" onClick={() => update({ scope: {} })}>
                  {t('common.clear')}
                </Button>
              </Group>
            </Alert>
          )}

          <Collapse expanded={filtersOpen} id={filtersId}>
            <Paper bg="var(--mantine-color-gray-0)" radius="md" p="md" withBorder>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <MultiSelect
                  label={t('serviceOrders.columns.status')}
                  placeholder={state.status.length ? undefined : t('serviceOrders.list.anyStatus')}
                  data={statusOptions}
                  value={state.status}
                  onChange={(status) =>
                    update({ status: SERVICE_ORDER_STATUSES.filter((s) => status.includes(s)) })
                  }
                  clearable
                  comboboxProps={{ withinPortal: true }}
                />
                <MultiSelect
                  label={t('serviceOrders.columns.priority')}
                  placeholder={state.priority.length ? undefined : t('serviceOrders.list.anyPriority')}
                  data={priorityOptions}
                  value={state.priority}
                  onChange={(priority) =>
                    update({ priority: PRIORITIES.filter((p) => priority.includes(p)) })
                  }
                  clearable
                />
                <DebouncedTextInput
                  label={t('serviceOrders.fields.customerEmail')}
                  placeholder={t('serviceOrders.list.customerEmailPlaceholder')}
                  value={state.customerEmail}
                  onCommit={(customerEmail) => update({ customerEmail })}
                  leftSection={<IconMail size={16} aria-hidden="true" />}
                />
              </SimpleGrid>
              <Group justify="flex-end" mt="sm">
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconFilterOff size={14} />}
                  onClick={clearFilters}
                  disabled={!filtered}
                >
                  {t('serviceOrders.list.clearFilters')}
                </Button>
              </Group>
            </Paper>
          </Collapse>

          {exporter.isError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle size={18} />}
              withCloseButton
              closeButtonLabel={t('common.dismiss')}
              onClose={() => exporter.reset()}
            >
              {formatMessage(t, apiErrorMessage(exporter.error, 'errors.loadData'))}
            </Alert>
          )}

          {selection.ids.length > 0 && (
            <BulkActionsBar orderIds={selection.ids} technicians={technicians} onDone={selection.clear} />
          )}
        </Stack>

        {!isPhone && <Divider />}
        {/* While the next page or filter loads, the rows on screen stay but fade: they are not the answer yet. */}
        <Box
          aria-busy={orders.isPlaceholderData}
          style={{ opacity: orders.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms ease' }}
        >
          {content}
        </Box>

        {orders.data !== undefined && items.length > 0 && (
          <>
            {!isPhone && <Divider />}
            <Group justify="space-between" p={isPhone ? 0 : 'md'} py="md" gap="sm">
              <Group gap="xs">
                <Text fz="sm" c="dimmed" role="status">
                  {t('serviceOrders.list.showing', { from, to, total })}
                </Text>
                {orders.isFetching && <Loader size="xs" aria-hidden="true" />}
              </Group>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
                  disabled={state.page <= 1}
                  onClick={() => update({ page: state.page - 1 })}
                >
                  {t('serviceOrders.list.previous')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} aria-hidden="true" />}
                  disabled={state.page >= lastPage}
                  onClick={() => update({ page: state.page + 1 })}
                >
                  {t('serviceOrders.list.next')}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Paper>
    </>
  );
}
