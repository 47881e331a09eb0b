/**
 * Technicians and warehouse locations belong to other features; the route module loads them and
 * hands them to the service order screens in this shape (features do not import each other).
 */
export interface LookupOption {
  value: string;
  label: string;
}

export interface Lookup {
  options: LookupOption[];
  status: 'pending' | 'error' | 'success';
  retry: () => void;
}

/** The options plus the record's current choice when the list lacks it (a technician deactivated since, say). */
export function withCurrent(
  options: LookupOption[],
  current: { id: string; name: string | null } | null,
): LookupOption[] {
  if (current === null || options.some((option) => option.value === current.id)) return options;
  return [{ value: current.id, label: current.name ?? current.id }, ...options];
}
