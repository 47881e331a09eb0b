import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { RecordLoadFailure } from '../../../components/record-load-failure.tsx';
import { useCustomer, useCustomerSerialNumbers } from '../api/get-customer.ts';
import { MergeCustomer } from './merge-customer.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { hasFormDraft } from '../../../lib/form-drafts-kept.ts';
import { EDIT_FORM } from './customer-edit-names.ts';

// The form (and the form library) loads when Edit is clicked (issue 18: weight).
const CustomerEditForm = lazy(() =>
  import('./customer-edit-form.tsx').then((m) => ({ default: m.CustomerEditForm })),
);

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value ?? '—'}
      </Text>
    </div>
  );
}

/** Spec §2 /customers/:id: contact data (editable), their orders, their serial numbers, merge a duplicate. */
export function CustomerDetail({
  id,
  canMerge,
  orders,
}: {
  id: string;
  canMerge: boolean;
  /** The customer's orders; the route module puts the service-order feature's table here. */
  orders: (view: { empty: string }) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const customer = useCustomer(id);
  // Back after an expired session with the edit's typing kept: the form opens to take it back.
  const [editing, setEditing] = useState(() => hasFormDraft(EDIT_FORM));
  const serials = useCustomerSerialNumbers(id);
  const date = (value: string) => formatDay(value, i18n.language);

  if (customer.isError)
    return (
      <RecordLoadFailure
        error={customer.error}
        heading={t('screens.customer')}
        notFound={{
          title: t('customers.notFound.title'),
          text: t('customers.notFound.text'),
          backTo: '/customers',
          backLabel: t('customers.notFound.back'),
        }}
        fallback="errors.loadData"
        onRetry={() => void customer.refetch()}
      />
    );
  if (!customer.data) return <Loader aria-label={t('customers.loading')} />;
  const c = customer.data;
  const merged = c.mergedIntoId !== null;

  return (
    <>
      <PageHeader
        title={c.name}
        actions={
          !merged && !editing ? (
            <Group gap="xs">
              <Button component={Link} to={`/service-orders/new?customer=${c.id}`}>
                {t('customers.startOrder')}
              </Button>
              <Button component={Link} variant="light" to={`/rentals/active?customer=${c.id}`}>
                {t('customers.startRental')}
              </Button>
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('customers.edit')}
              </Button>
              {canMerge && (
                <Button component={Link} variant="subtle" to={`/history/customers/${c.id}`}>
                  {t('customers.merge.history')}
                </Button>
              )}
            </Group>
          ) : undefined
        }
      />
      <Stack>
        {merged && (
          <Alert color="yellow">
            {t('customers.mergedNotice')}{' '}
            <Anchor component={Link} to={`/customers/${c.mergedIntoId}`}>
              {t('customers.openMerged')}
            </Anchor>
          </Alert>
        )}
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('customers.contact')}
          </Title>
          {editing ? (
            <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
              <CustomerEditForm key={c.version} customer={c} onDone={() => setEditing(false)} />
            </Suspense>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label={t('customers.fields.email')} value={c.email} />
              <Field label={t('customers.fields.phone')} value={c.phone} />
              <Field label={t('customers.fields.address')} value={c.address} />
              <Field label={t('customers.fields.notes')} value={c.notes} />
            </SimpleGrid>
          )}
        </Card>
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('customers.orders')}
            </Title>
            <Text size="sm" c="dimmed">
              {`${t('customers.orderCounts', { count: c.orderCount })}, ${t('customers.openOrderCounts', { count: c.openOrderCount })}`}
            </Text>
          </Group>
          {orders({ empty: t('customers.noOrders') })}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('customers.serialNumbers')}
          </Title>
          {serials.isError && (
            <Alert color="red">{formatMessage(t, apiErrorMessage(serials.error, 'errors.loadData'))}</Alert>
          )}
          {serials.data?.length === 0 && <Text c="dimmed">{t('customers.noSerialNumbers')}</Text>}
          <Stack gap={4}>
            {serials.data?.map((serial) => (
              <Group key={serial.serialNumber} gap="xs" wrap="wrap">
                <Text fw={600} size="sm" ff="monospace">
                  {serial.serialNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('customers.serialSeen', { count: serial.orderCount, date: date(serial.lastOrderAt) })}
                </Text>
                <Anchor component={Link} to={`/service-orders/${serial.lastOrderId}`} size="xs">
                  {t('customers.lastOrder')}
                </Anchor>
              </Group>
            ))}
          </Stack>
        </Card>
        {!merged && canMerge && (
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('customers.merge.title')}
            </Title>
            <MergeCustomer target={c} />
          </Card>
        )}
      </Stack>
    </>
  );
}
