import { LIMITS } from '@service-portal/shared/limits';
import { PRIORITIES, SERVICE_ORDER_STATUSES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import {
  choiceParam,
  listParam,
  optionalChoiceParam,
  pageParam,
  textParam,
  useListParams,
} from '../../../lib/use-list-params.ts';
import type { ListParamsUpdate, ParamCodec } from '../../../lib/use-list-params.ts';
import type { ServiceOrderListParams } from '../api/list-service-orders.ts';

export const LIST_PAGE_SIZE = LIMITS.listDefaultPageSize;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text that must match `pattern` exactly; anything else reads as empty (the default). */
function patternParam(key: string, pattern: RegExp): ParamCodec<string> {
  return {
    key,
    read: (raw) => (raw && pattern.test(raw) ? raw : ''),
    write: (value) => value || undefined,
  };
}

/**
 * The list screen's filters, sort and page in the URL (?q=…&status=…&priority=…&email=…&sort=asc&page=2),
 * read and written like every other list screen's (lib/use-list-params.ts). A dashboard figure's
 * link adds its scope: what the figure counts beyond the visible filters (?serviceType=…&technician=…
 * &createdFrom=…&createdTo=…&completedFrom=…&completedTo=…, instants in ISO UTC).
 */
const PARAMS = {
  search: textParam('q'),
  status: listParam('status', SERVICE_ORDER_STATUSES),
  priority: listParam('priority', PRIORITIES),
  customerEmail: textParam('email'),
  sortDirection: choiceParam('sort', ['asc', 'desc'] as const, 'desc'),
  serviceType: optionalChoiceParam('serviceType', SERVICE_TYPES),
  technician: patternParam('technician', UUID),
  createdFrom: patternParam('createdFrom', ISO_INSTANT),
  createdTo: patternParam('createdTo', ISO_INSTANT),
  completedFrom: patternParam('completedFrom', ISO_INSTANT),
  completedTo: patternParam('completedTo', ISO_INSTANT),
  page: pageParam(),
};

export type ListState = ReturnType<typeof useListState>[0];

export function useListState() {
  return useListParams(PARAMS);
}

export type ListStateUpdate = ListParamsUpdate<ListState>;

/** The patch that clears a dashboard figure's scope (and only it). */
export const CLEAR_SCOPE = {
  serviceType: null,
  technician: '',
  createdFrom: '',
  createdTo: '',
  completedFrom: '',
  completedTo: '',
} satisfies Partial<ListState>;

/** Whether a dashboard figure's link scoped the list. */
export function hasScope(state: ListState): boolean {
  return (
    state.serviceType !== null ||
    state.technician !== '' ||
    state.createdFrom !== '' ||
    state.createdTo !== '' ||
    state.completedFrom !== '' ||
    state.completedTo !== ''
  );
}

export function toQuery(state: ListState): ServiceOrderListParams {
  return {
    search: state.search || undefined,
    status: state.status,
    priority: state.priority,
    customerEmail: state.customerEmail || undefined,
    sortDirection: state.sortDirection,
    page: state.page,
    pageSize: LIST_PAGE_SIZE,
    ...(state.serviceType ? { serviceType: [state.serviceType] } : {}),
    ...(state.technician ? { assignedTechnicianId: state.technician } : {}),
    ...(state.createdFrom ? { createdFrom: state.createdFrom } : {}),
    ...(state.createdTo ? { createdTo: state.createdTo } : {}),
    ...(state.completedFrom ? { completedFrom: state.completedFrom } : {}),
    ...(state.completedTo ? { completedTo: state.completedTo } : {}),
  };
}

export function hasFilters(state: ListState): boolean {
  return (
    state.search !== '' ||
    state.status.length > 0 ||
    state.priority.length > 0 ||
    state.customerEmail !== '' ||
    hasScope(state)
  );
}
