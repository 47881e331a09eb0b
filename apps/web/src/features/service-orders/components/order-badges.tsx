import { Badge } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Priority, ServiceOrderStatus } from '@service-portal/shared/service-orders';

export const STATUS_COLORS: Record<ServiceOrderStatus, MantineColor> = {
  created: 'gray',
  scheduled: 'cyan',
  in_progress: 'blue',
  waiting_for_parts: 'yellow',
  ready_for_pickup: 'teal',
  completed: 'green',
  cancelled: 'red',
  on_hold: 'grape',
};

const PRIORITY_COLORS: Record<Priority, MantineColor> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  critical: 'red',
};

const PRIORITY_ICONS = {
  low: IconArrowDown,
  normal: IconMinus,
  high: IconArrowUp,
  critical: IconAlertTriangle,
} as const;

export function StatusBadge({
  status,
  size = 'md',
}: {
  status: ServiceOrderStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      fw={600}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`serviceOrders.status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  const { t } = useTranslation();
  const Icon = PRIORITY_ICONS[priority];
  return (
    <Badge
      color={PRIORITY_COLORS[priority]}
      variant={priority === 'critical' ? 'filled' : 'outline'}
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<Icon size={12} aria-hidden="true" />}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`serviceOrders.priority.${priority}`)}
    </Badge>
  );
}
