import {
  ActionIcon,
  Anchor,
  Checkbox,
  Group,
  Skeleton,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { formatDay, formatTime } from '../../../lib/dates.ts';
import { PriorityBadge, StatusBadge } from './order-badges.tsx';
import type { Selection } from '../hooks/use-selection.ts';

interface OrdersTableProps {
  items: ServiceOrderListItem[];
  selection: Selection;
  sortDirection: 'asc' | 'desc';
  onToggleSort: () => void;
}

const SKELETON_ROWS = 8;

/** Spec §2 columns: order number, title, customer, status, priority, created, type, actions. */
export function OrdersTable({ items, selection, sortDirection, onToggleSort }: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  const SortIcon = sortDirection === 'asc' ? IconArrowUp : IconArrowDown;

  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label={t('serviceOrders.list.selectPage')}
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                onChange={selection.toggleAll}
                disabled={items.length === 0}
              />
            </Table.Th>
            <Table.Th>{t('serviceOrders.columns.orderNumber')}</Table.Th>
            <Table.Th>{t('serviceOrders.columns.title')}</Table.Th>
            <Table.Th>{t('serviceOrders.columns.customer')}</Table.Th>
            <Table.Th>{t('serviceOrders.columns.status')}</Table.Th>
            <Table.Th>{t('serviceOrders.columns.priority')}</Table.Th>
            <Table.Th aria-sort={sortDirection === 'asc' ? 'ascending' : 'descending'}>
              <UnstyledButton onClick={onToggleSort} fw={700} fz="sm">
                <Group gap={4} wrap="nowrap">
                  {t('serviceOrders.columns.created')}
                  <SortIcon size={14} aria-hidden="true" />
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th>{t('serviceOrders.columns.type')}</Table.Th>
            <Table.Th w={70}>{t('serviceOrders.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((order) => {
            const selected = selection.isSelected(order.id);
            return (
              <Table.Tr key={order.id} bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('serviceOrders.list.selectOrder', { orderNumber: order.orderNumber })}
                    checked={selected}
                    onChange={() => selection.toggle(order.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/service-orders/${order.id}`} fw={600} fz="sm" ff="monospace">
                    {order.orderNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td miw={180} style={{ whiteSpace: 'normal' }}>
                  <Text fz="sm" fw={500} lineClamp={2}>
                    {order.title}
                  </Text>
                </Table.Td>
                <Table.Td maw={230}>
                  <Text fz="sm" truncate="end">
                    {order.customerName}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate="end">
                    {order.customerEmail}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={order.status} size="sm" />
                </Table.Td>
                <Table.Td>
                  <PriorityBadge priority={order.priority} />
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{formatDay(order.createdAt, i18n.language)}</Text>
                  <Text fz="xs" c="dimmed">
                    {formatTime(order.createdAt, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{t(`serviceOrders.serviceType.${order.serviceType}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('serviceOrders.list.open')} withArrow>
                    <ActionIcon
                      component={Link}
                      to={`/service-orders/${order.id}`}
                      variant="subtle"
                      color="gray"
                      aria-label={t('serviceOrders.list.openOrder', { orderNumber: order.orderNumber })}
                    >
                      <IconChevronRight size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
