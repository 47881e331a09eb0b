import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OPEN_STATUSES } from '@service-portal/shared/service-orders';
import type { SparePartWorklistItem } from '@service-portal/shared/spare-parts';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/money.ts';
import { optionalChoiceParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteSparePart } from '../api/delete-spare-part.ts';
import { useSpareParts, useSparePartSummary } from '../api/list-spare-parts.ts';

const PAGE_SIZE = 20;
// The filters and the page live in the URL (?supplier=Acme&q=valve&status=waiting_for_parts&page=2).
const PARAMS = {
  supplier: textParam('supplier'),
  search: textParam('q'),
  status: optionalChoiceParam('status', OPEN_STATUSES),
  page: pageParam(),
};

/**
 * What the route module puts beside an order's first line on the page (the shop order of that
 * order): `pageOrderIds` are all the orders on the page, so the slot can ask for them at once.
 */
export type OrderActionSlot = (
  order: { id: string; orderNumber: string },
  pageOrderIds: string[],
) => ReactNode;

/** The partner's worklist of spare-part lines on open orders (product.md "Spare parts"). */
export function SparePartsScreen({ orderAction }: { orderAction?: OrderActionSlot } = {}) {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const [removing, setRemoving] = useState<SparePartWorklistItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filters = {
    ...(state.supplier ? { supplier: state.supplier } : {}),
    ...(state.search ? { search: state.search } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
  const list = useSpareParts({ ...filters, page: state.page, pageSize: PAGE_SIZE });
  const summary = useSparePartSummary(filters);
  const remove = useDeleteSparePart();

  const confirmRemove = () => {
    if (removing === null) return;
    const line = removing;
    setRemoving(null);
    setError(null);
    remove.mutate(
      { orderId: line.serviceOrderId, partId: line.id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('success.deleted') }),
        onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'errors.deleteSpareParts'))),
      },
    );
  };

  const money = (minor: number, line: SparePartWorklistItem) =>
    formatMoney(minor, line.currency, i18n.language);
  const orderLink = (line: SparePartWorklistItem) => (
    <Anchor component={Link} to={`/service-orders/${line.serviceOrderId}`} fw={600}>
      {line.orderNumber}
    </Anchor>
  );
  const removeButton = (line: SparePartWorklistItem) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`${t('spareParts.remove')} ${line.partNumber} (${line.orderNumber})`}
      onClick={() => setRemoving(line)}
    >
      ✕
    </ActionIcon>
  );
  // The slot is drawn once per order: beside the first of its lines on this page.
  const pageItems = list.data?.items ?? [];
  const pageOrderIds = [...new Set(pageItems.map((line) => line.serviceOrderId))];
  const firstLines = new Set(pageOrderIds.map((id) => pageItems.find((l) => l.serviceOrderId === id)?.id));
  const action = (line: SparePartWorklistItem) =>
    orderAction && firstLines.has(line.id)
      ? orderAction({ id: line.serviceOrderId, orderNumber: line.orderNumber }, pageOrderIds)
      : null;
  const suppliers = summary.data?.suppliers ?? [];
  const columns: PagedListColumn<SparePartWorklistItem>[] = [
    { key: 'order', header: t('spareParts.columns.order'), cell: orderLink },
    { key: 'customer', header: t('spareParts.columns.customer'), cell: (line) => line.customerName },
    {
      key: 'part',
      header: t('spareParts.columns.part'),
      cell: (line) => (
        <>
          <Text size="sm" fw={600}>
            {line.partNumber}
          </Text>
          <Text size="xs">{line.partName}</Text>
        </>
      ),
    },
    { key: 'supplier', header: t('spareParts.supplier'), cell: (line) => line.supplier ?? '—' },
    {
      key: 'quantity',
      header: t('spareParts.columns.quantity'),
      cell: (line) => line.quantity,
      align: 'right',
    },
    {
      key: 'unitCost',
      header: t('spareParts.columns.unitCost'),
      cell: (line) => money(line.unitCost, line),
      align: 'right',
    },
    {
      key: 'total',
      header: t('spareParts.columns.total'),
      cell: (line) => money(line.lineTotal, line),
      align: 'right',
    },
    {
      key: 'status',
      header: t('spareParts.orderStatus'),
      cell: (line) => t(`serviceOrders.status.${line.orderStatus}`),
    },
    ...(orderAction ? [{ key: 'orderAction', header: t('shopOrders.column'), cell: action }] : []),
    { key: 'remove', header: null, cell: removeButton },
  ];

  return (
    <>
      <PageHeader title={t('screens.spareParts')} />
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('spareParts.supplier')}
            placeholder={t('spareParts.all')}
            // A supplier from the URL stays shown even before (or if no longer) among the open lines.
            data={
              state.supplier && !suppliers.includes(state.supplier)
                ? [state.supplier, ...suppliers]
                : suppliers
            }
            value={state.supplier || null}
            clearable
            searchable
            onChange={(value) => update({ supplier: value ?? '' })}
          />
          <DebouncedTextInput
            label={t('spareParts.search')}
            value={state.search}
            onCommit={(search) => update({ search }, { replace: true })}
          />
          <Select
            label={t('spareParts.orderStatus')}
            placeholder={t('spareParts.all')}
            data={OPEN_STATUSES.map((value) => ({ value, label: t(`serviceOrders.status.${value}`) }))}
            value={state.status}
            clearable
            onChange={(value) => update({ status: OPEN_STATUSES.find((s) => s === value) ?? null })}
          />
        </SimpleGrid>
        {summary.data && (
          <Paper withBorder p="sm" aria-label={t('spareParts.totals')} role="region">
            <Group gap="lg" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('spareParts.totals')}
              </Text>
              {summary.data.totals.length === 0 && <Text size="sm">—</Text>}
              {summary.data.totals.map((total) => (
                <Text size="sm" key={total.currency} data-testid={`total-${total.currency}`}>
                  {formatMoney(total.amount, total.currency, i18n.language)}{' '}
                  <Text span c="dimmed" size="xs">
                    ({t('spareParts.lines', { count: total.lineCount })})
                  </Text>
                </Text>
              ))}
            </Group>
          </Paper>
        )}
        <ScreenList
          query={list}
          params={[state, update]}
          actionError={[error, setError]}
          loadFailure="errors.loadSpareParts"
          loadingLabel={t('spareParts.loading')}
          columns={columns}
          cardTestId="spare-part-card"
          card={(line) => (
            <>
              <Group justify="space-between" wrap="nowrap">
                {orderLink(line)}
                {removeButton(line)}
              </Group>
              <Text fw={600} size="sm">
                {line.partNumber} · {line.partName}
              </Text>
              <Text size="sm">
                {line.quantity} × {money(line.unitCost, line)} = {money(line.lineTotal, line)}
              </Text>
              <Group gap="xs">
                <Badge variant="light">{t(`serviceOrders.status.${line.orderStatus}`)}</Badge>
                {line.supplier && (
                  <Text size="xs" c="dimmed">
                    {line.supplier}
                  </Text>
                )}
              </Group>
              {action(line)}
            </>
          )}
          empty={t('spareParts.empty')}
        />
      </Stack>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('spareParts.removeTitle')}>
        <Text mb="md">
          {t('spareParts.removeConfirm', {
            part: removing?.partNumber ?? '',
            order: removing?.orderNumber ?? '',
          })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmRemove}>
            {t('spareParts.remove')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
