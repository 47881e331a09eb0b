import { ASSIGNABLE_TECHNICIANS, useTechnicians } from '../features/technicians/api/list-technicians.ts';
import { useWarehouseLocationOptions } from '../features/warehouse-locations/api/list-warehouse-location-options.ts';
import type { Lookup } from '../features/service-orders/lib/lookups.ts';

// Screens of one feature that pick records of another get them through these (features stay apart).

function lookupOf<T>(
  query: { data?: T[]; isError: boolean; refetch: () => unknown },
  toOption: (item: T) => { value: string; label: string },
): Lookup {
  return {
    options: query.data?.map(toOption) ?? [],
    status: query.data !== undefined ? 'success' : query.isError ? 'error' : 'pending',
    retry: () => void query.refetch(),
  };
}

/** Active technicians, for assigning orders. */
export function useTechnicianLookup(): Lookup {
  const query = useTechnicians(ASSIGNABLE_TECHNICIANS);
  return lookupOf({ ...query, data: query.data?.items }, (technician) => ({
    value: technician.id,
    label: technician.fullName,
  }));
}

/**
 * Active warehouse locations, for where an order's unit is kept. The options route, not the
 * management list: technicians edit orders too, and the list is for managers only.
 */
export function useWarehouseLocationLookup(): Lookup {
  return lookupOf(useWarehouseLocationOptions(), (location) => ({
    value: location.id,
    label: location.name,
  }));
}
