import { lazy, Suspense, useId, useState } from 'react';
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
  Paper,
  NativeSelect,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconClipboardList,
  IconFilter,
  IconFilterOff,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { commonNextStatuses } from '@service-portal/shared/service-orders';
import type { AccessSubject } from '@service-portal/shared/access';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useExportServiceOrders } from '../api/export-service-orders.ts';
import { useServiceOrders } from '../api/list-service-orders.ts';
import { ORDER_LIST_PAGE_SIZES } from '@service-portal/shared/service-order-views';
import {
  applyView,
  CLEAR_SCOPE,
  hasFilters,
  hasScope,
  toQuery,
  useListState,
  viewSettings,
} from '../hooks/use-list-state.ts';
import { useSelection } from '../hooks/use-selection.ts';
import type { Lookup } from '../lib/lookups.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ExportButton } from './export-button.tsx';
import { OrderCardsSkeleton } from './order-cards.tsx';
import { OrdersTable, OrdersTableSkeleton } from './orders-table.tsx';
import { SavedViewsMenu } from './saved-views-menu.tsx';

// Loaded on use (issue 18: weight): the bulk bar when rows are selected, the filters when opened.
const BulkActionsBar = lazy(() =>
  import('./bulk-actions-bar.tsx').then((m) => ({ default: m.BulkActionsBar })),
);
const OrderFilters = lazy(() => import('./order-filters.tsx').then((m) => ({ default: m.OrderFilters })));

interface ServiceOrderListProps {
  technicians: Lookup;
  canExportInternalNotes: boolean;
  /** The partner's time zone: the date filters take its calendar days. */
  timeZone: string;
  /** Who acts: a bulk status change offers only the statuses they may move every selected order to. */
  actor: AccessSubject;
}

/** Spec §2 "Service order list". */
export function ServiceOrderList({
  technicians,
  canExportInternalNotes,
  timeZone,
  actor,
}: ServiceOrderListProps) {
  const { t } = useTranslation();
  const [state, update] = useListState();
  const query = toQuery(state);
  const orders = useServiceOrders(query);
  const exporter = useExportServiceOrders();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const advancedCount =
    state.status.length +
    state.priority.length +
    (state.customerEmail ? 1 : 0) +
    (state.serviceType ? 1 : 0) +
    (state.technician ? 1 : 0) +
    (state.createdFrom || state.createdTo ? 1 : 0) +
    (state.completedFrom || state.completedTo ? 1 : 0);
  const [filtersOpen, setFiltersOpen] = useState(advancedCount > 0);
  // The filter inputs (multi-selects, selects, day inputs) load when the panel first opens.
  const [filtersWanted, setFiltersWanted] = useState(filtersOpen);
  if (filtersOpen && !filtersWanted) setFiltersWanted(true);
  const filtersId = useId();

  const items = orders.data?.items ?? [];
  const selection = useSelection(
    JSON.stringify(query),
    orders.isPlaceholderData ? [] : items.map((o) => o.id),
  );
  const filtered = hasFilters(state);

  const clearFilters = () =>
    update({ search: '', status: [], priority: [], customerEmail: '', ...CLEAR_SCOPE });

  const empty = filtered ? (
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

          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="sm" wrap="wrap">
              <SavedViewsMenu
                activeId={state.view}
                current={viewSettings(state)}
                onOpen={(view) => update(applyView(view.id, view.settings))}
                onForget={() => update({ view: '' }, { replace: true })}
              />
              {!isPhone && (
                <ColumnChooser
                  columns={state.columns}
                  onChange={(change) => update((previous) => ({ columns: change(previous.columns) }))}
                />
              )}
            </Group>
            <NativeSelect
              label={t('serviceOrders.views.pageSize')}
              data={ORDER_LIST_PAGE_SIZES.map((n) => String(n))}
              value={String(state.pageSize)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                const pageSize = ORDER_LIST_PAGE_SIZES.find((n) => String(n) === value);
                if (pageSize) update({ pageSize });
              }}
              size="sm"
              styles={{
                root: { display: 'flex', alignItems: 'center', gap: 8 },
                label: { whiteSpace: 'nowrap', marginBottom: 0 },
                wrapper: { width: 90 },
              }}
            />
          </Group>

          {hasScope(state) && (
            <Alert variant="light" color="blue" data-testid="list-scope">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('dashboard.listScope')}</Text>
                <Button size="xs" variant="subtle" onClick={() => update(CLEAR_SCOPE)}>
                  {t('common.clear')}
                </Button>
              </Group>
            </Alert>
          )}

          <Collapse expanded={filtersOpen} id={filtersId}>
            {filtersWanted && (
              <Suspense fallback={<Loader size="sm" m="md" aria-label={t('app.loading')} />}>
                <OrderFilters
                  state={state}
                  update={update}
                  technicians={technicians}
                  timeZone={timeZone}
                  filtered={filtered}
                  onClear={clearFilters}
                />
              </Suspense>
            )}
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
            <Suspense fallback={null}>
              <BulkActionsBar
                orderIds={selection.ids}
                orders={items.filter((o) => selection.isSelected(o.id))}
                statuses={commonNextStatuses(
                  items.filter((o) => selection.isSelected(o.id)).map((o) => o.status),
                  actor,
                )}
                technicians={technicians}
                onDone={selection.clear}
              />
            </Suspense>
          )}
        </Stack>

        {!isPhone && <Divider />}
        <Stack gap="md" p={isPhone ? 0 : 'md'} pt="md">
          <OrdersTable
            query={orders}
            loadFailure="errors.searchServiceOrders"
            loading={
              <Box role="status" aria-label={t('serviceOrders.list.loading')}>
                {isPhone ? <OrderCardsSkeleton /> : <OrdersTableSkeleton />}
              </Box>
            }
            page={state.page}
            onPageChange={(page) => update({ page })}
            phone={isPhone}
            columns={[...state.columns, 'open']}
            empty={empty}
            showFetching
            selection={selection}
            sort={{
              direction: state.sortDirection,
              onToggle: () => update({ sortDirection: state.sortDirection === 'asc' ? 'desc' : 'asc' }),
            }}
            pager="pages"
          />
        </Stack>
      </Paper>
    </>
  );
}
