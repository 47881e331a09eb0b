import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Customer } from '@service-portal/shared/customers';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { choiceParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useCustomers } from '../api/list-customers.ts';
import type { CustomerListParams } from '../api/list-customers.ts';
import { formatDay } from '../../../lib/dates.ts';

const NewCustomerDialog = lazy(() =>
  import('./new-customer-dialog.tsx').then((m) => ({ default: m.NewCustomerDialog })),
);

const PAGE_SIZE = 20;
const SORTS = [
  'name:asc',
  'name:desc',
  'createdAt:desc',
  'createdAt:asc',
  'lastOrderAt:desc',
  'lastOrderAt:asc',
] as const;

// Search, sort and page live in the URL (?q=kari&sort=createdAt:desc&page=2).
const PARAMS = { search: textParam('q'), sort: choiceParam('sort', SORTS, 'name:asc'), page: pageParam() };

/** Spec §2 /customers: search name, e-mail, phone; paged; sortable. */
export function CustomersScreen() {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [sort, sortDirection] = state.sort.split(':') as [
    CustomerListParams['sort'],
    CustomerListParams['sortDirection'],
  ];
  const list = useCustomers({
    page: state.page,
    pageSize: PAGE_SIZE,
    sort,
    sortDirection,
    ...(state.search ? { search: state.search } : {}),
  });
  const date = (value: string | null) => (value === null ? '—' : formatDay(value, i18n.language));

  const name = (customer: Customer) => (
    <Anchor component={Link} to={`/customers/${customer.id}`} fw={600}>
      {customer.name}
    </Anchor>
  );
  const columns: PagedListColumn<Customer>[] = [
    { key: 'name', header: t('customers.fields.name'), cell: name },
    { key: 'email', header: t('customers.fields.email'), cell: (c) => c.email ?? '—' },
    { key: 'phone', header: t('customers.fields.phone'), cell: (c) => c.phone ?? '—' },
    { key: 'orders', header: t('customers.columns.orders'), cell: (c) => c.orderCount, align: 'right' },
    {
      key: 'open',
      header: t('customers.columns.openOrders'),
      cell: (c) => c.openOrderCount,
      align: 'right',
    },
    { key: 'last', header: t('customers.columns.lastOrder'), cell: (c) => date(c.lastOrderAt) },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.customers')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('customers.create.button')}
          </Button>
        }
      />
      {creating && (
        <Suspense fallback={null}>
          <NewCustomerDialog
            opened
            onClose={() => setCreating(false)}
            onCreated={(customer) => void navigate(`/customers/${customer.id}`)}
          />
        </Suspense>
      )}
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <DebouncedTextInput
            label={t('customers.search')}
            placeholder={t('customers.searchPlaceholder')}
            value={state.search}
            onCommit={(search) => update({ search }, { replace: true })}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('customers.sort.label')}
            data={SORTS.map((value) => ({
              value,
              label: t(`customers.sort.${value.replace(':', '_') as 'name_asc'}`),
            }))}
            value={state.sort}
            allowDeselect={false}
            onChange={(value) => {
              const sort = SORTS.find((s) => s === value);
              if (sort) update({ sort });
            }}
            w={{ base: '100%', sm: 240 }}
          />
        </Group>
        <ScreenList
          query={list}
          params={[state, update]}
          loadFailure="errors.loadData"
          loadingLabel={t('customers.loading')}
          columns={columns}
          cardTestId="customer-card"
          card={(customer) => (
            <>
              {name(customer)}
              {customer.email && <Text size="sm">{customer.email}</Text>}
              {customer.phone && <Text size="sm">{customer.phone}</Text>}
              <Text size="xs" c="dimmed">
                {`${t('customers.orderCounts', { count: customer.orderCount })}, ${t('customers.openOrderCounts', { count: customer.openOrderCount })}`}
              </Text>
            </>
          )}
          empty={t('customers.empty')}
        />
      </Stack>
    </>
  );
}
