import type { ReactNode } from 'react';
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { LIMITS } from '@service-portal/shared/limits';
import { LazySelect } from '../../../components/lazy-combobox.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { useCustomers } from '../api/list-customers.ts';

export interface CustomerPickerProps {
  label: string;
  value: string;
  onChange: (customerId: string) => void;
  error?: ReactNode;
  required?: boolean;
  nothingFoundMessage?: string;
}

/**
 * One of the partner's customers, found by name, e-mail or phone through the customers list
 * (GET /customers, the same query and cache as the customer list). Other features get it from a
 * route module in app/, which hands it to them (features do not import each other).
 */
export function CustomerPicker({
  label,
  value,
  onChange,
  error,
  required,
  nothingFoundMessage,
}: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const customers = useCustomers({
    page: 1,
    pageSize: 20,
    sort: 'name',
    sortDirection: 'asc',
    ...(debounced.length >= 2 ? { search: debounced } : {}),
  });
  const items = customers.data?.items ?? [];
  // A customer chosen beforehand (the customer's page) shows even when not among the first results.
  const chosen = useCustomer(value, value !== '' && !items.some((c) => c.id === value));
  const all = chosen.data && !items.some((c) => c.id === chosen.data.id) ? [chosen.data, ...items] : items;
  const data = all.map((c) => ({
    value: c.id,
    label: [c.name, c.email ?? c.phone].filter(Boolean).join(' · '),
  }));
  return (
    // Mantine's Combobox loads on first use, not with the rental screens (decision 038).
    <LazySelect
      label={label}
      required={required}
      searchable
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the options are its answer.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFoundMessage}
      value={value === '' ? null : value}
      onChange={(id) => onChange(id ?? '')}
      error={error}
    />
  );
}
