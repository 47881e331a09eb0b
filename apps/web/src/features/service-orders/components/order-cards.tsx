import { Anchor, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { formatDateTime } from '../../../lib/dates.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { PriorityBadge, StatusBadge } from './order-badges.tsx';

/** The list on a phone: one card per order, the same facts as the table's columns. */
export function OrderCards({ items, selection }: { items: ServiceOrderListItem[]; selection: Selection }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((order) => {
        const selected = selection.isSelected(order.id);
        return (
          <Paper
            key={order.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={2}
                aria-label={t('serviceOrders.list.selectOrder', { orderNumber: order.orderNumber })}
                checked={selected}
                onChange={() => selection.toggle(order.id)}
              />
              <Stack gap={6} miw={0} flex={1}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/service-orders/${order.id}`} fw={600} fz="sm" ff="monospace">
                    {order.orderNumber}
                  </Anchor>
                  <StatusBadge status={order.status} size="sm" />
                </Group>
                <Text fw={500} fz="sm" lineClamp={2}>
                  {order.title}
                </Text>
                <Text fz="sm" c="dimmed" truncate="end">
                  {order.customerName} · {order.customerEmail}
                </Text>
                <Group gap="xs" justify="space-between">
                  <Group gap={6}>
                    <PriorityBadge priority={order.priority} />
                    <Text fz="xs" c="dimmed">
                      {t(`serviceOrders.serviceType.${order.serviceType}`)}
                    </Text>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(order.createdAt, i18n.language)}
                  </Text>
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function OrderCardsSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <Paper key={index} withBorder radius="md" p="sm">
          <Group justify="space-between" mb="xs">
            <Skeleton h={12} w={120} />
            <Skeleton h={18} w={80} radius="xl" />
          </Group>
          <Skeleton h={12} w="90%" mb={8} />
          <Skeleton h={10} w="60%" />
        </Paper>
      ))}
    </Stack>
  );
}
