import { LIMITS } from '@service-portal/shared/limits';
import { PRIORITIES, SERVICE_ORDER_STATUSES } from '@service-portal/shared/service-orders';
import { choiceParam, listParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import type { ListParamsUpdate } from '../../../lib/use-list-params.ts';
import type { ServiceOrderListParams } from '../api/list-service-orders.ts';

export const LIST_PAGE_SIZE = LIMITS.listDefaultPageSize;

/**
 * The list screen's filters, sort and page in the URL (?q=…&status=…&priority=…&email=…&sort=asc&page=2),
 * read and written like every other list screen's (lib/use-list-params.ts).
 */
const PARAMS = {
  search: textParam('q'),
  status: listParam('status', SERVICE_ORDER_STATUSES),
  priority: listParam('priority', PRIORITIES),
  customerEmail: textParam('email'),
  sortDirection: choiceParam('sort', ['asc', 'desc'] as const, 'desc'),
  page: pageParam(),
};

export type ListState = ReturnType<typeof useListState>[0];

export function useListState() {
  return useListParams(PARAMS);
}

export type ListStateUpdate = ListParamsUpdate<ListState>;

export function toQuery(state: ListState): ServiceOrderListParams {
  return {
    search: state.search || undefined,
    status: state.status,
    priority: state.priority,
    customerEmail: state.customerEmail || undefined,
    sortDirection: state.sortDirection,
    page: state.page,
    pageSize: LIST_PAGE_SIZE,
  };
}

export function hasFilters(state: ListState): boolean {
  return (
    state.search !== '' || state.status.length > 0 || state.priority.length > 0 || state.customerEmail !== ''
  );
}
