import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@service-portal/shared/limits';
import { PRIORITIES, SERVICE_ORDER_STATUSES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import type { Priority, ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import type { ServiceOrderListParams } from '../api/list-service-orders.ts';

/**
 * The list screen's filters, sort and page live in the URL, so a reload, a shared link and the
 * back button all show the same list. Defaults are left out of the URL to keep it short.
 */
export interface ListState {
  search: string;
  status: ServiceOrderStatus[];
  priority: Priority[];
  customerEmail: string;
  sortDirection: 'asc' | 'desc';
  page: number;
  /** Set by a dashboard figure's link: what the figure counts beyond the visible filters. */
  scope: ListScope;
}

export interface ListScope {
  serviceType?: ServiceType;
  technician?: string;
  createdFrom?: string;
  createdTo?: string;
  completedFrom?: string;
  completedTo?: string;
}

const INSTANT_KEYS = ['createdFrom', 'createdTo', 'completedFrom', 'completedTo'] as const;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseScope(params: URLSearchParams): ListScope {
  const scope: ListScope = {};
  const type = SERVICE_TYPES.find((t) => t === params.get('serviceType'));
  if (type) scope.serviceType = type;
  const technician = params.get('technician');
  if (technician && UUID.test(technician)) scope.technician = technician;
  for (const key of INSTANT_KEYS) {
    const value = params.get(key);
    if (value && ISO_INSTANT.test(value)) scope[key] = value;
  }
  return scope;
}

export function hasScope(scope: ListScope): boolean {
  return Object.keys(scope).length > 0;
}

export const LIST_PAGE_SIZE = LIMITS.listDefaultPageSize;

function listOf<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(','));
  // Kept in the canonical order so the same filter always makes the same query key.
  return allowed.filter((value) => wanted.has(value));
}

export function parseListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    search: params.get('q')?.trim() ?? '',
    status: listOf(params.get('status'), SERVICE_ORDER_STATUSES),
    priority: listOf(params.get('priority'), PRIORITIES),
    customerEmail: params.get('email')?.trim() ?? '',
    sortDirection: params.get('sort') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    scope: parseScope(params),
  };
}

export function listStateToParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('q', state.search);
  if (state.status.length) params.set('status', state.status.join(','));
  if (state.priority.length) params.set('priority', state.priority.join(','));
  if (state.customerEmail) params.set('email', state.customerEmail);
  if (state.sortDirection === 'asc') params.set('sort', 'asc');
  if (state.page > 1) params.set('page', String(state.page));
  if (state.scope.serviceType) params.set('serviceType', state.scope.serviceType);
  if (state.scope.technician) params.set('technician', state.scope.technician);
  for (const key of INSTANT_KEYS) {
    const value = state.scope[key];
    if (value) params.set(key, value);
  }
  return params;
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
    ...(state.scope.serviceType ? { serviceType: [state.scope.serviceType] } : {}),
    ...(state.scope.technician ? { assignedTechnicianId: state.scope.technician } : {}),
    ...Object.fromEntries(INSTANT_KEYS.flatMap((key) => (state.scope[key] ? [[key, state.scope[key]]] : []))),
  };
}

export function hasFilters(state: ListState): boolean {
  return (
    state.search !== '' ||
    state.status.length > 0 ||
    state.priority.length > 0 ||
    state.customerEmail !== '' ||
    hasScope(state.scope)
  );
}

export type ListStateUpdate = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

/** The state, and an update that goes back to page 1 whenever anything but the page changes. */
export function useListState(): [ListState, ListStateUpdate] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback<ListStateUpdate>(
    (patch, options) => {
      setParams(
        (current) => {
          const previous = parseListState(current);
          const next = { ...previous, ...patch, page: patch.page ?? 1 };
          return listStateToParams(next);
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return [state, update];
}
