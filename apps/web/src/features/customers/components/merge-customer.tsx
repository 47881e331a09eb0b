import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@service-portal/shared/customers';
import { ConfirmDialog } from '../../../components/lazy-dialog.tsx';
import { LazySelect } from '../../../components/lazy-combobox.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useCustomers } from '../api/list-customers.ts';
import { useMergeCustomer } from '../api/merge-customer.ts';

/** Managers merge a duplicate into this customer: pick it, confirm, and its orders move over. */
export function MergeCustomer({ target }: { target: Customer }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const candidates = useCustomers({
    page: 1,
    pageSize: 20,
    sort: 'name',
    sortDirection: 'asc',
    ...(search ? { search } : {}),
  });
  const merge = useMergeCustomer();
  const options = (candidates.data?.items ?? [])
    .filter((customer) => customer.id !== target.id)
    .map((customer) => ({
      value: customer.id,
      label: [customer.name, customer.email ?? customer.phone].filter(Boolean).join(' · '),
    }));
  const source = candidates.data?.items.find((customer) => customer.id === sourceId);
  const [sourceLabel, setSourceLabel] = useState('');

  const confirm = () => {
    if (sourceId === null) return;
    setConfirming(false);
    setError(null);
    merge.mutate(
      { targetId: target.id, sourceId },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('customers.merge.done') });
          setSourceId(null);
          setSearch('');
        },
        onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'customers.merge.failed'))),
      },
    );
  };

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
          value={sourceId}
          onChange={(value, option) => {
            setSourceId(value);
            setSourceLabel(option?.label ?? '');
          }}
          nothingFoundMessage={t('customers.empty')}
          style={{ flex: '1 1 260px' }}
        />
        <Button
          color="orange"
          disabled={sourceId === null}
          loading={merge.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('customers.merge.action')}
        </Button>
      </Group>
      {error !== null && <Alert color="red">{error}</Alert>}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('customers.merge.confirmTitle')}
        message={t('customers.merge.confirm', { source: source?.name ?? sourceLabel, target: target.name })}
        confirmLabel={t('customers.merge.action')}
        confirmColor="orange"
        onConfirm={confirm}
      />
    </Stack>
  );
}
