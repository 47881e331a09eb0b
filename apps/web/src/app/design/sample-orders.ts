import {
  PRIORITIES,
  SERVICE_ORDER_STATUSES,
  type Priority,
  type ServiceOrderStatus,
} from '@service-portal/shared/service-orders';

// Sample orders for the design pages' examples (nothing here calls the API).

export interface SampleOrder {
  id: string;
  orderNumber: string;
  customer: string;
  status: ServiceOrderStatus;
  priority: Priority;
}

const NAMES = ['Ingrid Berg', 'Ola Nordmann', 'Kari Dahl', 'Lars Moen', 'Sofia García', 'Emma Lie'];

export const SAMPLE_ORDERS: SampleOrder[] = Array.from({ length: 47 }, (_, i) => ({
  id: `sample-${i + 1}`,
  orderNumber: `SO-2026-${String(1000 - i).padStart(6, '0')}`,
  customer: NAMES[i % NAMES.length]!,
  status: SERVICE_ORDER_STATUSES[i % SERVICE_ORDER_STATUSES.length]!,
  priority: PRIORITIES[i % PRIORITIES.length]!,
}));
