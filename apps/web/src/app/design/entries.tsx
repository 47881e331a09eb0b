import { useState } from 'react';
import {
  Button,
  EmptyState,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@service-portal/shared/limits';
import {
  PRIORITIES,
  SERVICE_ORDER_STATUSES,
  serviceOrderCreateSchema,
  type Priority,
  type ServiceOrderStatus,
} from '@service-portal/shared/service-orders';
import { DebouncedTextInput } from '../../components/debounced-text-input.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList, type PagedListColumn } from '../../components/paged-list.tsx';
import { PriorityBadge, StatusBadge } from '../../features/service-orders/components/order-badges.tsx';
import { formatDay } from '../../lib/dates.ts';
import { schemaErrors, translateFormError } from '../../lib/form-errors.ts';
import { formatAmountInput, formatMoney, parseAmount } from '../../lib/money.ts';
import { choiceParam, pageParam, textParam, useListParams } from '../../lib/use-list-params.ts';
import type { CatalogueEntry } from './catalogue-page.tsx';

// The live examples of the design pages. Each is a small component using the real shared piece
// with sample data; nothing here calls the API.

// --- sample data ---------------------------------------------------------------------------------

interface SampleOrder {
  id: string;
  orderNumber: string;
  customer: string;
  status: ServiceOrderStatus;
  priority: Priority;
}

const NAMES = ['Ingrid Berg', 'Ola Nordmann', 'Kari Dahl', 'Lars Moen', 'Sofia García', 'Emma Lie'];
const SAMPLE_ORDERS: SampleOrder[] = Array.from({ length: 47 }, (_, i) => ({
  id: `sample-${i + 1}`,
  orderNumber: `SO-2026-${String(1000 - i).padStart(6, '0')}`,
  customer: NAMES[i % NAMES.length]!,
  status: SERVICE_ORDER_STATUSES[i % SERVICE_ORDER_STATUSES.length]!,
  priority: PRIORITIES[i % PRIORITIES.length]!,
}));

// --- building blocks -----------------------------------------------------------------------------

function PageHeaderDemo() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('designDemo.sample.pageTitle')}
      actions={<Button>{t('designDemo.sample.action')}</Button>}
    />
  );
}

function BadgesDemo() {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {SERVICE_ORDER_STATUSES.map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
      </Group>
      <Group gap="xs">
        {PRIORITIES.map((p) => (
          <PriorityBadge key={p} priority={p} />
        ))}
      </Group>
    </Stack>
  );
}

function LoadErrorDemo() {
  const { t } = useTranslation();
  const [retries, setRetries] = useState(0);
  return (
    <Stack gap="xs">
      <LoadErrorAlert message={t('errors.loadData')} onRetry={() => setRetries((n) => n + 1)} />
      <Text size="xs" c="dimmed">
        {t('designDemo.retried', { count: retries })}
      </Text>
    </Stack>
  );
}

function EmptyStateDemo() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconClipboardList size={28} />}
      variant="light"
      title={t('serviceOrders.list.emptyTitle')}
      description={t('serviceOrders.list.empty')}
    />
  );
}

function DebouncedInputDemo() {
  const { t } = useTranslation();
  const [committed, setCommitted] = useState('');
  return (
    <Stack gap="xs" maw={420}>
      <DebouncedTextInput
        value={committed}
        onCommit={setCommitted}
        label={t('designDemo.sample.searchLabel')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
      />
      <Text size="sm">{t('designDemo.committed', { value: committed || '—' })}</Text>
    </Stack>
  );
}

/** The money pattern: typed in the reader's notation, kept as integer minor units with a currency. */
function MoneyInputDemo() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('1250,5');
  const [currency, setCurrency] = useState<Currency>('NOK');
  const parsed = parseAmount(text, currency, i18n.language);
  const error = parsed.ok ? undefined : t('validation.invalidValue');
  return (
    <Stack gap="xs" maw={420}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('serviceOrders.fields.estimatedCost')}
          inputMode="decimal"
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={() => {
            if (parsed.ok && parsed.minor !== null)
              setText(formatAmountInput(parsed.minor, currency, i18n.language));
          }}
          style={{ flex: 1 }}
        />
        <Select
          label={t('serviceOrders.fields.currency')}
          data={[...CURRENCIES]}
          value={currency}
          onChange={(v) => v && setCurrency(v)}
          allowDeselect={false}
          w={100}
        />
      </Group>
      {parsed.ok && parsed.minor !== null && (
        <Text size="sm">
          {t('designDemo.moneyStored', {
            minor: parsed.minor,
            formatted: formatMoney(parsed.minor, currency, i18n.language),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** Dates: the browser's own date field (YYYY-MM-DD on the wire), shown back in the reader's language. */
function DateInputDemo() {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState('2026-03-04');
  return (
    <Stack gap="xs" maw={260}>
      <TextInput
        type="date"
        label={t('serviceOrders.fields.scheduledDate')}
        value={day}
        onChange={(e) => setDay(e.currentTarget.value)}
      />
      <Text size="sm">{day ? formatDay(day, i18n.language) : '—'}</Text>
    </Stack>
  );
}

const demoSchema = serviceOrderCreateSchema.pick({
  title: true,
  customerName: true,
  customerEmail: true,
  customerPhone: true,
});

/** A form with @mantine/form validated by the shared zod schema, messages translated when shown. */
function FormDemo() {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { title: '', customerName: '', customerEmail: 'not-an-address', customerPhone: 'abc' },
    validate: (values) => schemaErrors(demoSchema, values),
  });
  const error = (path: string) => translateFormError(t, form.errors[path]);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(() => {
        notifications.show({ color: 'green', message: t('success.saved') });
      })}
    >
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t('serviceOrders.fields.title')}
          withAsterisk
          key={form.key('title')}
          {...form.getInputProps('title')}
          error={error('title')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerName')}
          withAsterisk
          key={form.key('customerName')}
          {...form.getInputProps('customerName')}
          error={error('customerName')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerEmail')}
          withAsterisk
          key={form.key('customerEmail')}
          {...form.getInputProps('customerEmail')}
          error={error('customerEmail')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerPhone')}
          key={form.key('customerPhone')}
          {...form.getInputProps('customerPhone')}
          error={error('customerPhone')}
        />
        <Group>
          <Button type="submit">{t('designDemo.sample.save')}</Button>
          <Button variant="default" onClick={() => form.reset()}>
            {t('designDemo.sample.reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmDialogDemo() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [answer, setAnswer] = useState<'confirmed' | 'cancelled' | null>(null);
  const close = (result: 'confirmed' | 'cancelled') => {
    setAnswer(result);
    setOpened(false);
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        {t('serviceOrders.delete.button')}
      </Button>
      {answer && <Text size="sm">{t(`designDemo.dialog.${answer}`)}</Text>}
      <Modal opened={opened} onClose={() => close('cancelled')} title={t('designDemo.dialog.title')} centered>
        <Stack>
          <Text>{t('designDemo.dialog.message')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close('cancelled')}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => close('confirmed')}>
              {t('serviceOrders.delete.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function NotificationDemo() {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        variant="light"
        color="green"
        onClick={() => notifications.show({ color: 'green', message: t('success.saved') })}
      >
        {t('success.saved')}
      </Button>
      <Button
        variant="light"
        color="red"
        onClick={() => notifications.show({ color: 'red', message: t('errors.generic') })}
      >
        {t('errors.generic')}
      </Button>
    </Group>
  );
}

const LIST_PAGE_SIZE = 10;
const listCodecs = {
  search: textParam('q'),
  status: choiceParam<ServiceOrderStatus | 'all'>('status', ['all', ...SERVICE_ORDER_STATUSES], 'all'),
  page: pageParam(),
};

/** The list pattern: filters and page in the URL (useListParams), table or cards (PagedList). */
function PagedListDemo() {
  const { t } = useTranslation();
  const [state, update] = useListParams(listCodecs);
  const [phone, setPhone] = useState(false);
  const [mode, setMode] = useState<'data' | 'empty' | 'error'>('data');
  const matching =
    mode === 'empty'
      ? []
      : SAMPLE_ORDERS.filter(
          (o) =>
            (state.status === 'all' || o.status === state.status) &&
            (state.search === '' ||
              `${o.orderNumber} ${o.customer}`.toLowerCase().includes(state.search.toLowerCase())),
        );
  const page = {
    items: matching.slice((state.page - 1) * LIST_PAGE_SIZE, state.page * LIST_PAGE_SIZE),
    total: matching.length,
    page: state.page,
    pageSize: LIST_PAGE_SIZE,
  };
  const columns: PagedListColumn<SampleOrder>[] = [
    { key: 'number', header: t('serviceOrders.columns.orderNumber'), cell: (o) => o.orderNumber, fw: 500 },
    { key: 'customer', header: t('serviceOrders.columns.customer'), cell: (o) => o.customer },
    {
      key: 'status',
      header: t('serviceOrders.columns.status'),
      cell: (o) => <StatusBadge status={o.status} size="sm" />,
    },
    {
      key: 'priority',
      header: t('serviceOrders.columns.priority'),
      cell: (o) => <PriorityBadge priority={o.priority} />,
    },
  ];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <DebouncedTextInput
          value={state.search}
          onCommit={(search) => update({ search }, { replace: true })}
          label={t('designDemo.sample.searchLabel')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('serviceOrders.columns.status')}
          data={[
            { value: 'all', label: t('serviceOrders.list.anyStatus') },
            ...SERVICE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`serviceOrders.status.${s}`) })),
          ]}
          value={state.status}
          onChange={(v) => update({ status: v ?? 'all' })}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('designDemo.list.state')}
          data={(['data', 'empty', 'error'] as const).map((m) => ({
            value: m,
            label: t(`designDemo.list.${m}`),
          }))}
          value={mode}
          onChange={(v) => v && setMode(v)}
          allowDeselect={false}
          w={180}
        />
        <Switch
          label={t('designDemo.list.cards')}
          checked={phone}
          onChange={(e) => setPhone(e.currentTarget.checked)}
        />
      </Group>
      {mode === 'error' ? (
        <LoadErrorAlert message={t('errors.loadData')} onRetry={() => setMode('data')} />
      ) : (
        <PagedList
          query={{
            data: page,
            isPending: false,
            isError: false,
            error: null,
            isPlaceholderData: false,
            isFetching: false,
            refetch: () => setMode('data'),
          }}
          page={state.page}
          onPageChange={(p) => update({ page: p })}
          phone={phone}
          rowKey={(o) => o.id}
          columns={columns}
          card={(o) => (
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={500}>{o.orderNumber}</Text>
                <Text size="sm" c="dimmed">
                  {o.customer}
                </Text>
              </div>
              <StatusBadge status={o.status} size="sm" />
            </Group>
          )}
          empty={<EmptyStateDemo />}
        />
      )}
    </Stack>
  );
}

function TextareaDemo() {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('serviceOrders.fields.description')}
      placeholder={t('serviceOrders.fields.descriptionPlaceholder')}
      autosize
      minRows={2}
      maw={480}
    />
  );
}

// --- the pages' lists ----------------------------------------------------------------------------

/** /components: the building blocks every screen is made of. */
export const COMPONENT_ENTRIES: CatalogueEntry[] = [
  {
    id: 'page-header',
    title: 'designDemo.entries.pageHeader.title',
    description: 'designDemo.entries.pageHeader.description',
    source: 'components/page-header.tsx',
    demo: () => <PageHeaderDemo />,
  },
  {
    id: 'badges',
    title: 'designDemo.entries.badges.title',
    description: 'designDemo.entries.badges.description',
    source: 'features/service-orders/components/order-badges.tsx',
    demo: () => <BadgesDemo />,
  },
  {
    id: 'load-error',
    title: 'designDemo.entries.loadError.title',
    description: 'designDemo.entries.loadError.description',
    source: 'components/load-error-alert.tsx',
    demo: () => <LoadErrorDemo />,
  },
  {
    id: 'empty-state',
    title: 'designDemo.entries.emptyState.title',
    description: 'designDemo.entries.emptyState.description',
    source: '@mantine/core EmptyState',
    demo: () => <EmptyStateDemo />,
  },
  {
    id: 'debounced-input',
    title: 'designDemo.entries.debouncedInput.title',
    description: 'designDemo.entries.debouncedInput.description',
    source: 'components/debounced-text-input.tsx',
    demo: () => <DebouncedInputDemo />,
  },
  {
    id: 'notifications',
    title: 'designDemo.entries.notifications.title',
    description: 'designDemo.entries.notifications.description',
    source: '@mantine/notifications',
    demo: () => <NotificationDemo />,
  },
];

/** /components-demo: inputs, forms and dialogs to try. */
export const INTERACTIVE_ENTRIES: CatalogueEntry[] = [
  {
    id: 'form',
    title: 'designDemo.entries.form.title',
    description: 'designDemo.entries.form.description',
    source: 'lib/form-errors.ts + @mantine/form + @service-portal/shared',
    demo: () => <FormDemo />,
  },
  {
    id: 'money-input',
    title: 'designDemo.entries.moneyInput.title',
    description: 'designDemo.entries.moneyInput.description',
    source: 'lib/money.ts',
    demo: () => <MoneyInputDemo />,
  },
  {
    id: 'date-input',
    title: 'designDemo.entries.dateInput.title',
    description: 'designDemo.entries.dateInput.description',
    source: 'lib/dates.ts',
    demo: () => <DateInputDemo />,
  },
  {
    id: 'textarea',
    title: 'designDemo.entries.textarea.title',
    description: 'designDemo.entries.textarea.description',
    source: '@mantine/core Textarea',
    demo: () => <TextareaDemo />,
  },
  {
    id: 'confirm-dialog',
    title: 'designDemo.entries.confirmDialog.title',
    description: 'designDemo.entries.confirmDialog.description',
    source: '@mantine/core Modal',
    demo: () => <ConfirmDialogDemo />,
  },
];

/** /table-demo: the list with its pager, cards, empty and error states. */
export const TABLE_ENTRIES: CatalogueEntry[] = [
  {
    id: 'paged-list',
    title: 'designDemo.entries.pagedList.title',
    description: 'designDemo.entries.pagedList.description',
    source: 'components/paged-list.tsx + lib/use-list-params.ts',
    demo: () => <PagedListDemo />,
  },
];
