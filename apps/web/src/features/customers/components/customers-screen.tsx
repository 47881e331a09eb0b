import { useState } from 'react';
import { Anchor, Card, Group, Loader, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Customer } from '@service-portal/shared/customers';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useCustomers } from '../api/list-customers.ts';
import type { CustomerListParams } from '../api/list-customers.ts';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';

const PAGE_SIZE = 20;
const SORTS = [
  'name:asc',
  'name:desc',
  'createdAt:desc',
  'createdAt:asc',
  'lastOrderAt:desc',
  'lastOrderAt:asc',
] as const;

/** Spec §2 /customers: search name, e-mail, phone; paged; sortable. */
export function CustomersScreen() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sortValue, setSortValue] = useState<(typeof SORTS)[number]>('name:asc');
  const [sort, sortDirection] = sortValue.split(':') as [
    CustomerListParams['sort'],
    CustomerListParams['sortDirection'],
  ];
  const list = useCustomers({
    page,
    pageSize: PAGE_SIZE,
    sort,
    sortDirection,
    ...(search ? { search } : {}),
  });
  const date = (value: string | null) =>
    value === null
      ? '—'
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(value));

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;
  const name = (customer: Customer) => (
    <Anchor component={Link} to={`/customers/${customer.id}`} fw={600}>
      {customer.name}
    </Anchor>
  );

  return (
    <>
      <PageHeader title={t('screens.customers')} />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <DebouncedTextInput
            label={t('customers.search')}
            placeholder={t('customers.searchPlaceholder')}
            value={search}
            onCommit={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('customers.sort.label')}
            data={SORTS.map((value) => ({
              value,
              label: t(`customers.sort.${value.replace(':', '_') as 'name_asc'}`),
            }))}
            value={sortValue}
            allowDeselect={false}
            onChange={(value) => {
              if (value === null) return;
              setSortValue(value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 240 }}
          />
        </Group>
        {list.isError && !data && (
          <LoadErrorAlert
            message={formatMessage(t, apiErrorMessage(list.error, 'errors.loadData'))}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.isPending && <Loader aria-label={t('customers.loading')} />}
        {data && data.items.length === 0 && <Text c="dimmed">{t('customers.empty')}</Text>}
        {data && data.items.length > 0 && phone && (
          <Stack gap="sm">
            {data.items.map((customer) => (
              <Card key={customer.id} withBorder padding="sm" data-testid="customer-card">
                {name(customer)}
                {customer.email && <Text size="sm">{customer.email}</Text>}
                {customer.phone && <Text size="sm">{customer.phone}</Text>}
                <Text size="xs" c="dimmed">
                  {t('customers.orderCounts', { total: customer.orderCount, open: customer.openOrderCount })}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
        {data && data.items.length > 0 && !phone && (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.fields.name')}</Table.Th>
                <Table.Th>{t('customers.fields.email')}</Table.Th>
                <Table.Th>{t('customers.fields.phone')}</Table.Th>
                <Table.Th ta="right">{t('customers.columns.orders')}</Table.Th>
                <Table.Th ta="right">{t('customers.columns.openOrders')}</Table.Th>
                <Table.Th>{t('customers.columns.lastOrder')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td>{name(customer)}</Table.Td>
                  <Table.Td>{customer.email ?? '—'}</Table.Td>
                  <Table.Td>{customer.phone ?? '—'}</Table.Td>
                  <Table.Td ta="right">{customer.orderCount}</Table.Td>
                  <Table.Td ta="right">{customer.openOrderCount}</Table.Td>
                  <Table.Td>{date(customer.lastOrderAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('customers.showing', { from, to, total: data.total })}</Text>
            {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
          </Group>
        )}
      </Stack>
    </>
  );
}
