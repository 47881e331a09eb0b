import { useState } from 'react';
import type { ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { serviceOrdersQueryOptions, useServiceOrders } from '../api/list-service-orders.ts';
import type { ServiceOrderListParams } from '../api/list-service-orders.ts';
import { OrdersTable } from './orders-table.tsx';
import type { OrderColumn } from './orders-table.tsx';

const PAGE_SIZE = 10;

export type RelatedOrdersFilter =
  | { customerId: string }
  | { assignedTechnicianId: string; status?: ServiceOrderStatus[] }
  | { relatedProductId: string };

const params = (filter: RelatedOrdersFilter, page: number): ServiceOrderListParams => ({
  ...filter,
  sortDirection: 'desc',
  page,
  pageSize: PAGE_SIZE,
});

/** Starts loading the first page while the page around it still loads its own record. */
export function usePrefetchRelatedOrders(filter: RelatedOrdersFilter, enabled = true) {
  const client = useQueryClient();
  const options = serviceOrdersQueryOptions(params(filter, 1));
  // As usePrefetchQuery does (during render, once), but not without a partner to ask for.
  if (enabled && client.getQueryState(options.queryKey) === undefined) void client.prefetchQuery(options);
}

/**
 * The orders of one customer or technician (and of a product or serial number when those pages
 * come): the order list's endpoint, query keys and table, so an order change shows here at once.
 */
export function RelatedOrders({
  filter,
  columns,
  empty,
}: {
  filter: RelatedOrdersFilter;
  columns: readonly OrderColumn[];
  empty: ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [page, setPage] = useState(1);
  const orders = useServiceOrders(params(filter, page));

  return (
    <OrdersTable
      query={orders}
      page={page}
      onPageChange={setPage}
      phone={phone}
      columns={columns}
      empty={empty}
    />
  );
}
