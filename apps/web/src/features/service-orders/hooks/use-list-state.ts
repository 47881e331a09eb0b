import { LIMITS } from '@service-portal/shared/limits';
import { PRIORITIES, SERVICE_ORDER_STATUSES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import {
  ORDER_LIST_COLUMNS,
  ORDER_LIST_PAGE_SIZES,
  type OrderListColumn,
  type OrderListViewSettings,
} from '@service-portal/shared/service-order-views';
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

/**
 * The columns shown until the user chooses (issue 31: the technician included). The type and the
 * scheduled day are left to the chooser: with all of them the table no longer fits at 1440 px.
 */
export const DEFAULT_COLUMNS: readonly OrderListColumn[] = ORDER_LIST_COLUMNS.filter(
  (c) => c !== 'type' && c !== 'scheduled',
);

/** The chosen columns (?cols=orderNumber,title), in the list's own order; the default when none. */
function columnsParam(key: string): ParamCodec<OrderListColumn[]> {
  return {
    key,
    read: (raw) => {
      const wanted = new Set(raw?.split(',') ?? []);
      const chosen = ORDER_LIST_COLUMNS.filter((c) => wanted.has(c));
      return chosen.length > 0 ? chosen : [...DEFAULT_COLUMNS];
    },
    write: (columns) =>
      columns.length === 0 || columns.join(',') === DEFAULT_COLUMNS.join(',') ? undefined : columns.join(','),
  };
}

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
  pageSize: choiceParam(
    'size',
    ORDER_LIST_PAGE_SIZES,
    LIST_PAGE_SIZE as (typeof ORDER_LIST_PAGE_SIZES)[number],
  ),
  columns: columnsParam('cols'),
  /** The saved view the list was opened from (its settings may have been changed since). */
  view: patternParam('view', UUID),
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
    pageSize: state.pageSize,
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

/** What a saved view keeps of the list's state. */
export function viewSettings(state: ListState): OrderListViewSettings {
  return {
    search: state.search,
    status: state.status,
    priority: state.priority,
    customerEmail: state.customerEmail,
    technicianId: state.technician || null,
    sortDirection: state.sortDirection,
    pageSize: state.pageSize,
    columns: state.columns,
  };
}

/** The patch that opens a saved view: its settings, page 1, no dashboard scope beyond them. */
export function applyView(id: string, settings: OrderListViewSettings): Partial<ListState> {
  const pageSize = ORDER_LIST_PAGE_SIZES.find((n) => n === settings.pageSize) ?? ORDER_LIST_PAGE_SIZES[1];
  return {
    ...CLEAR_SCOPE,
    search: settings.search,
    status: settings.status,
    priority: settings.priority,
    customerEmail: settings.customerEmail,
    technician: settings.technicianId ?? '',
    sortDirection: settings.sortDirection,
    pageSize,
    columns: settings.columns,
    page: 1,
    view: id,
  };
}
