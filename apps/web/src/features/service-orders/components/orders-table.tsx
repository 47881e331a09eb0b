import type { ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronRight } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { ORDER_LIST_COLUMNS, type OrderListColumn } from '@service-portal/shared/service-order-views';
import { PagedList } from '../../../components/paged-list.tsx';
import type { ListQuery, PagedListColumn } from '../../../components/paged-list.tsx';
import { formatDateTime, formatDay, formatTime } from '../../../lib/dates.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { PriorityBadge, StatusBadge } from './order-badges.tsx';

/** Spec §2 columns of the order list; the customer and technician pages show some of them. */
export type OrderColumn = OrderListColumn | 'open';

export const ALL_ORDER_COLUMNS: readonly OrderColumn[] = [...ORDER_LIST_COLUMNS, 'open'];

interface OrdersTableProps {
  query: ListQuery<ServiceOrderListItem>;
  loadFailure?: TranslationKey;
  loading?: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  phone: boolean;
  columns: readonly OrderColumn[];
  empty: ReactNode;
  showFetching?: boolean;
  /** Rows get a checkbox (and the header one for the whole page). */
  selection?: Selection;
  /** Makes the Created column the sort toggle. */
  sort?: { direction: 'asc' | 'desc'; onToggle: () => void };
  pager?: 'pages' | 'steps';
}

const orderLink = (order: ServiceOrderListItem) => `/service-orders/${order.id}`;

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function columnsOf(
  t: TFunction,
  language: string,
  wanted: readonly OrderColumn[],
  selection: Selection | undefined,
  sort: OrdersTableProps['sort'],
  empty: boolean,
): PagedListColumn<ServiceOrderListItem>[] {
  const SortIcon = sort?.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const all: Record<OrderColumn, PagedListColumn<ServiceOrderListItem>> = {
    orderNumber: {
      key: 'orderNumber',
      header: t('serviceOrders.columns.orderNumber'),
      cell: (order) => (
        // Order numbers and dates never wrap at 1440 px (issue 31); other columns give way.
        <Anchor component={Link} to={orderLink(order)} fw={600} fz="sm" ff="monospace" style={NO_WRAP}>
          {order.orderNumber}
        </Anchor>
      ),
    },
    title: {
      key: 'title',
      header: t('serviceOrders.columns.title'),
      cell: (order) => (
        <Text fz="sm" fw={500} lineClamp={2} miw={160}>
          {order.title}
        </Text>
      ),
    },
    customer: {
      key: 'customer',
      header: t('serviceOrders.columns.customer'),
      cell: (order) => (
        <>
          <Text fz="sm" truncate="end" maw={230}>
            {order.customerName}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end" maw={230}>
            {order.customerEmail}
          </Text>
        </>
      ),
    },
    status: {
      key: 'status',
      header: t('serviceOrders.columns.status'),
      cell: (order) => <StatusBadge status={order.status} size="sm" />,
    },
    priority: {
      key: 'priority',
      header: t('serviceOrders.columns.priority'),
      cell: (order) => <PriorityBadge priority={order.priority} />,
    },
    created: {
      key: 'created',
      header: sort ? (
        <UnstyledButton onClick={sort.onToggle} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            {t('serviceOrders.columns.created')}
            <SortIcon size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      ) : (
        t('serviceOrders.columns.created')
      ),
      ...(sort ? { sort: sort.direction === 'asc' ? 'ascending' : 'descending' } : {}),
      cell: (order) => (
        <>
          <Text fz="sm" style={NO_WRAP}>
            {formatDay(order.createdAt, language)}
          </Text>
          <Text fz="xs" c="dimmed" style={NO_WRAP}>
            {formatTime(order.createdAt, language)}
          </Text>
        </>
      ),
    },
    technician: {
      key: 'technician',
      header: t('serviceOrders.columns.technician'),
      cell: (order) => (
        <Text fz="sm" c={order.assignedTechnicianName ? undefined : 'dimmed'} truncate="end" maw={150}>
          {order.assignedTechnicianName ?? t('serviceOrders.list.unassigned')}
        </Text>
      ),
    },
    scheduled: {
      key: 'scheduled',
      header: t('serviceOrders.columns.scheduled'),
      cell: (order) => (
        <Text fz="sm" style={NO_WRAP} c={order.scheduledDate ? undefined : 'dimmed'}>
          {order.scheduledDate ? formatDay(order.scheduledDate, language) : '–'}
        </Text>
      ),
    },
    type: {
      key: 'type',
      header: t('serviceOrders.columns.type'),
      cell: (order) => <Text fz="sm">{t(`serviceOrders.serviceType.${order.serviceType}`)}</Text>,
    },
    open: {
      key: 'open',
      header: t('serviceOrders.columns.actions'),
      headerHidden: true,
      w: 56,
      cell: (order) => (
        // The browser's own tooltip (title): Mantine's Tooltip weighs 3.4 KiB on every list (issue 18).
        <ActionIcon
          component={Link}
          to={orderLink(order)}
          variant="subtle"
          color="gray"
          title={t('serviceOrders.list.open')}
          aria-label={t('serviceOrders.list.openOrder', { orderNumber: order.orderNumber })}
        >
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      ),
    },
  };
  const columns = wanted.map((key) => all[key]);
  if (selection === undefined) return columns;
  const select: PagedListColumn<ServiceOrderListItem> = {
    key: 'select',
    w: 44,
    header: (
      <Checkbox
        aria-label={t('serviceOrders.list.selectPage')}
        checked={selection.allSelected}
        indeterminate={selection.someSelected}
        onChange={selection.toggleAll}
        disabled={empty}
      />
    ),
    cell: (order) => (
      <Checkbox
        aria-label={t('serviceOrders.list.selectOrder', { orderNumber: order.orderNumber })}
        checked={selection.isSelected(order.id)}
        onChange={() => selection.toggle(order.id)}
      />
    ),
  };
  return [select, ...columns];
}

/**
 * The one orders table: the order list, and the orders of a customer or a technician. A table
 * with the chosen columns (cards on a phone), "Showing X to Y of Z results" and the pager.
 */
export function OrdersTable({
  query,
  loadFailure,
  loading,
  page,
  onPageChange,
  phone,
  columns,
  empty,
  showFetching,
  selection,
  sort,
  pager,
}: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  const shows = new Set(columns);
  const card = (order: ServiceOrderListItem) => (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {selection && (
        <Checkbox
          mt={2}
          aria-label={t('serviceOrders.list.selectOrder', { orderNumber: order.orderNumber })}
          checked={selection.isSelected(order.id)}
          onChange={() => selection.toggle(order.id)}
        />
      )}
      <Stack gap={6} miw={0} flex={1}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Anchor component={Link} to={orderLink(order)} fw={600} fz="sm" ff="monospace">
            {order.orderNumber}
          </Anchor>
          <StatusBadge status={order.status} size="sm" />
        </Group>
        <Text fw={500} fz="sm" lineClamp={2}>
          {order.title}
        </Text>
        {shows.has('customer') && (
          <Text fz="sm" c="dimmed" truncate="end">
            {order.customerName} · {order.customerEmail}
          </Text>
        )}
        {((shows.has('technician') && order.assignedTechnicianName) ||
          (shows.has('scheduled') && order.scheduledDate)) && (
          <Text fz="xs" c="dimmed" truncate="end">
            {[
              shows.has('technician') ? order.assignedTechnicianName : null,
              shows.has('scheduled') && order.scheduledDate
                ? t('serviceOrders.list.scheduledOn', { day: formatDay(order.scheduledDate, i18n.language) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            {shows.has('priority') && <PriorityBadge priority={order.priority} />}
            {shows.has('type') && (
              <Text fz="xs" c="dimmed">
                {t(`serviceOrders.serviceType.${order.serviceType}`)}
              </Text>
            )}
          </Group>
          {shows.has('created') && (
            <Text fz="xs" c="dimmed">
              {formatDateTime(order.createdAt, i18n.language)}
            </Text>
          )}
        </Group>
      </Stack>
    </Group>
  );

  return (
    <PagedList
      // Fewer columns may fit where more did not: the table measures itself afresh (issue 31).
      key={columns.join(',')}
      query={query}
      loadFailure={loadFailure}
      loading={loading}
      loadingLabel={t('serviceOrders.list.loading')}
      page={page}
      onPageChange={onPageChange}
      phone={phone}
      showFetching={showFetching}
      pager={pager}
      rowKey={(order) => order.id}
      columns={columnsOf(t, i18n.language, columns, selection, sort, (query.data?.items.length ?? 0) === 0)}
      card={card}
      empty={empty}
      selected={selection ? (order) => selection.isSelected(order.id) : undefined}
    />
  );
}

const SKELETON_ROWS = 8;

export function OrdersTableSkeleton() {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" aria-hidden="true">
      <Table.Tbody>
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <Table.Tr key={row}>
            <Table.Td w={44}>
              <Skeleton h={18} w={18} radius="sm" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={120} />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w="80%" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={140} mb={6} />
              <Skeleton h={10} w={100} />
            </Table.Td>
            <Table.Td>
              <Skeleton h={20} w={90} radius="xl" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={20} w={70} radius="xl" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={110} />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={70} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
