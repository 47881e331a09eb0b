import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OPEN_STATUSES } from '@service-portal/shared/service-orders';
import type { SparePartWorklistItem } from '@service-portal/shared/spare-parts';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useDeleteSparePart } from '../api/delete-spare-part.ts';
import { useSpareParts, useSparePartSummary } from '../api/list-spare-parts.ts';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';

const PAGE_SIZE = 20;

/** The partner's worklist of spare-part lines on open orders (product.md "Spare parts"). */
export function SparePartsScreen() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [supplier, setSupplier] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<SparePartWorklistItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filters = {
    ...(supplier ? { supplier } : {}),
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  };
  const list = useSpareParts({ ...filters, page, pageSize: PAGE_SIZE });
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
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;
  const resetPage = () => setPage(1);

  return (
    <>
      <PageHeader title={t('screens.spareParts')} />
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('spareParts.supplier')}
            placeholder={t('spareParts.all')}
            data={summary.data?.suppliers ?? []}
            value={supplier}
            clearable
            searchable
            onChange={(value) => {
              setSupplier(value);
              resetPage();
            }}
          />
          <DebouncedTextInput
            label={t('spareParts.search')}
            value={search}
            onCommit={(value) => {
              setSearch(value);
              resetPage();
            }}
          />
          <Select
            label={t('spareParts.orderStatus')}
            placeholder={t('spareParts.all')}
            data={OPEN_STATUSES.map((value) => ({ value, label: t(`serviceOrders.status.${value}`) }))}
            value={status}
            clearable
            onChange={(value) => {
              setStatus(value);
              resetPage();
            }}
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
        {error !== null && (
          <Alert color="red" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {list.isError && !data && (
          <LoadErrorAlert
            message={formatMessage(t, apiErrorMessage(list.error, 'errors.loadSpareParts'))}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.isPending && <Loader aria-label={t('spareParts.loading')} />}
        {data && data.items.length === 0 && <Text c="dimmed">{t('spareParts.empty')}</Text>}
        {data && data.items.length > 0 && phone && (
          <Stack gap="sm">
            {data.items.map((line) => (
              <Card key={line.id} withBorder padding="sm" data-testid="spare-part-card">
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
              </Card>
            ))}
          </Stack>
        )}
        {data && data.items.length > 0 && !phone && (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('spareParts.columns.order')}</Table.Th>
                <Table.Th>{t('spareParts.columns.customer')}</Table.Th>
                <Table.Th>{t('spareParts.columns.part')}</Table.Th>
                <Table.Th>{t('spareParts.supplier')}</Table.Th>
                <Table.Th ta="right">{t('spareParts.columns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('spareParts.columns.unitCost')}</Table.Th>
                <Table.Th ta="right">{t('spareParts.columns.total')}</Table.Th>
                <Table.Th>{t('spareParts.orderStatus')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{orderLink(line)}</Table.Td>
                  <Table.Td>{line.customerName}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {line.partNumber}
                    </Text>
                    <Text size="xs">{line.partName}</Text>
                  </Table.Td>
                  <Table.Td>{line.supplier ?? '—'}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{money(line.unitCost, line)}</Table.Td>
                  <Table.Td ta="right">{money(line.lineTotal, line)}</Table.Td>
                  <Table.Td>{t(`serviceOrders.status.${line.orderStatus}`)}</Table.Td>
                  <Table.Td>{removeButton(line)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('spareParts.showing', { from, to, total: data.total })}</Text>
            {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
          </Group>
        )}
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
