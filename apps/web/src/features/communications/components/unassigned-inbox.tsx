import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@service-portal/shared/communications';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAssignCommunication } from '../api/assign-communication.ts';
import { useDeleteUnassigned } from '../api/delete-unassigned.ts';
import { useUnassigned } from '../api/list-unassigned.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useOrderSearch } from '../api/search-orders.ts';
import { MethodIcon } from './method-icon.tsx';

const PAGE_SIZE = 20;

function UnassignedItem({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const orders = useOrderSearch(search);
  const assign = useAssignCommunication();
  const remove = useDeleteUnassigned();
  const markRead = useMarkRead();
  const headingId = `unassigned-${item.id}`;

  return (
    <Paper component="article" withBorder p="sm" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" id={headingId} style={{ minWidth: 0 }}>
            <MethodIcon method={item.method} />
            <Text size="sm" fw={600} truncate>
              {item.customerName ?? item.fromAddress ?? t('communications.unknownSender')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.occurredAt, i18n.language)}
          </Text>
        </Group>
        {item.fromAddress !== null && (
          <Text size="xs" c="dimmed">
            {t('communications.unassigned.from', { address: item.fromAddress })}
          </Text>
        )}
        {item.subject !== null && (
          <Text size="sm" fw={600}>
            {item.subject}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.message}
        </Text>
        {item.status === 'unread' && (
          <Group>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => markRead.mutate(item.id)}
              loading={markRead.isPending}
            >
              {t('communications.markRead')}
            </Button>
          </Group>
        )}
        <DebouncedTextInput
          value={search}
          onCommit={setSearch}
          label={t('communications.unassigned.searchLabel')}
          placeholder={t('communications.unassigned.searchPlaceholder')}
        />
        {orders.isFetching && <Loader size="xs" />}
        {orders.data !== undefined && orders.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('communications.unassigned.noMatch')}
          </Text>
        )}
        {orders.data !== undefined && orders.data.length > 0 && (
          <Stack gap={4}>
            {orders.data.map((order) => (
              <Group key={order.id} justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">
                  {order.orderNumber} · {order.customerName ?? ''} · {order.title}
                </Text>
                <Button
                  size="xs"
                  onClick={() => assign.mutate({ id: item.id, serviceOrderId: order.id })}
                  loading={assign.isPending && assign.variables.serviceOrderId === order.id}
                >
                  {t('communications.unassigned.file', { orderNumber: order.orderNumber })}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {assign.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatMessage(t, apiErrorMessage(assign.error, 'communications.errors.assignFailed'))}
          </Alert>
        )}
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatMessage(t, apiErrorMessage(remove.error, 'communications.errors.deleteFailed'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            size="xs"
            color="red"
            variant="outline"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(t('communications.unassigned.confirmDelete'))) remove.mutate(item.id);
            }}
          >
            {t('communications.unassigned.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Spec: inbound messages that could not be filed safely; file each under an order or delete it. */
export function UnassignedInbox() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useUnassigned(page, PAGE_SIZE);

  if (list.isPending) return <Loader size="sm" aria-label={t('communications.loading')} />;
  if (list.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {formatMessage(t, apiErrorMessage(list.error, 'communications.errors.loadFailed'))}
      </Alert>
    );
  const pages = Math.max(1, Math.ceil(list.data.total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('communications.unassigned.description')}
      </Text>
      {list.data.items.length === 0 ? (
        <Text size="sm">{t('communications.unassigned.empty')}</Text>
      ) : (
        list.data.items.map((item) => <UnassignedItem key={item.id} item={item} />)
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}
