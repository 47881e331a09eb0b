import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@service-portal/shared/customers';
import { LIMITS } from '@service-portal/shared/limits';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { LazySelect } from '../../../components/lazy-combobox.tsx';
import { useCustomers } from '../api/list-customers.ts';

// The preview (both records, the field choices, what moves) loads on first opening.
const MergePreviewDialog = lazyDialog(() =>
  import('./merge-preview-dialog.tsx').then((m) => m.MergePreviewDialog),
);

/** "Merge with…": managers pick the other customer, then review and confirm the merge's preview. */
export function MergeCustomer({ target }: { target: Customer }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const [otherId, setOtherId] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const candidates = useCustomers({
    page: 1,
    pageSize: 20,
    sort: 'name',
    sortDirection: 'asc',
    ...(debounced ? { search: debounced } : {}),
  });
  const options = (candidates.data?.items ?? [])
    .filter((customer) => customer.id !== target.id)
    .map((customer) => ({
      value: customer.id,
      label: [customer.name, customer.email ?? customer.phone].filter(Boolean).join(' · '),
    }));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('customers.merge.help', { name: target.name })}
      </Text>
      <Group align="flex-end" wrap="wrap">
        {/* Mantine's Combobox loads on first use (decision 038). */}
        <LazySelect
          label={t('customers.merge.duplicate')}
          placeholder={t('customers.merge.pick')}
          searchable
          clearable
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={otherId}
          onChange={setOtherId}
          nothingFoundMessage={t('customers.empty')}
          style={{ flex: '1 1 260px' }}
        />
        <Button color="orange" disabled={otherId === null} onClick={() => setReviewing(true)}>
          {t('customers.merge.action')}
        </Button>
      </Group>
      <MergePreviewDialog
        opened={reviewing}
        onClose={() => setReviewing(false)}
        targetId={target.id}
        otherId={otherId ?? ''}
      />
    </Stack>
  );
}
