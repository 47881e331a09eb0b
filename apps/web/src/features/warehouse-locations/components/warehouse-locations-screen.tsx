import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useDeleteWarehouseLocation } from '../api/delete-warehouse-location.ts';
import { useWarehouseLocations } from '../api/list-warehouse-locations.ts';
import { useSetWarehouseLocationStatus } from '../api/set-warehouse-location-status.ts';
import { WarehouseLocationFormModal } from './warehouse-location-form.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';

const PAGE_SIZE = 20;

/** Spec §2/§5: the partner's warehouse locations (Administrator or ServiceManager). */
export function WarehouseLocationsScreen() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [showInactive, setShowInactive] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WarehouseLocation | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<WarehouseLocation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useWarehouseLocations({ page, pageSize: PAGE_SIZE, includeInactive: showInactive });
  const setStatus = useSetWarehouseLocationStatus();
  const remove = useDeleteWarehouseLocation();

  const toggle = (location: WarehouseLocation) => {
    setError(null);
    setStatus.mutate(
      { id: location.id, isActive: !location.isActive, version: location.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('success.updated') }),
        onError: (e) =>
          setError(formatMessage(t, apiErrorMessage(e, 'errors.warehouseLocations.updateStatus'))),
      },
    );
  };

  const confirmDelete = () => {
    if (deleting === null) return;
    const target = deleting;
    setDeleting(null);
    setError(null);
    remove.mutate(target.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('success.deleted') }),
      onError: (e) => {
        const failure = toApiFailure(e);
        setError(
          failure.kind === 'http' && failure.status === 409
            ? t('errors.warehouseLocations.inUse')
            : formatMessage(t, apiErrorMessage(e, 'errors.warehouseLocations.delete')),
        );
      },
    });
  };

  const created = (location: WarehouseLocation) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(location.createdAt));

  const actions = (location: WarehouseLocation) => (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => setEditing(location)}
        aria-label={`${t('warehouse.edit')} ${location.name}`}
      >
        {t('warehouse.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color={location.isActive ? 'orange' : 'green'}
        onClick={() => toggle(location)}
        aria-label={`${location.isActive ? t('warehouse.deactivate') : t('warehouse.activate')} ${location.name}`}
      >
        {location.isActive ? t('warehouse.deactivate') : t('warehouse.activate')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setDeleting(location)}
        aria-label={`${t('warehouse.delete')} ${location.name}`}
      >
        {t('warehouse.delete')}
      </Button>
    </Group>
  );

  const status = (location: WarehouseLocation) => (
    <Badge color={location.isActive ? 'green' : 'gray'} variant="light">
      {location.isActive ? t('warehouse.active') : t('warehouse.inactive')}
    </Badge>
  );

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <>
      <PageHeader
        title={t('screens.warehouseLocations')}
        actions={<Button onClick={() => setEditing(null)}>{t('warehouse.add')}</Button>}
      />
      <Stack>
        <Checkbox
          label={t('warehouse.showInactive')}
          checked={showInactive}
          onChange={(event) => {
            setShowInactive(event.currentTarget.checked);
            setPage(1);
          }}
        />
        {error !== null && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {list.isError && !data && (
          <LoadErrorAlert
            message={formatMessage(t, apiErrorMessage(list.error, 'errors.warehouseLocations.load'))}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.isPending && <Loader aria-label={t('warehouse.loading')} />}
        {data && data.items.length === 0 && <Text c="dimmed">{t('warehouse.empty')}</Text>}
        {data && data.items.length > 0 && phone && (
          <Stack gap="sm">
            {data.items.map((location) => (
              <Card key={location.id} withBorder padding="sm" data-testid="warehouse-card">
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600}>{location.name}</Text>
                  {status(location)}
                </Group>
                <Text size="sm" mb={4}>
                  {location.description}
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  {t('warehouse.fields.created')}: {created(location)}
                </Text>
                {actions(location)}
              </Card>
            ))}
          </Stack>
        )}
        {data && data.items.length > 0 && !phone && (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('warehouse.fields.name')}</Table.Th>
                <Table.Th>{t('warehouse.fields.description')}</Table.Th>
                <Table.Th>{t('warehouse.fields.status')}</Table.Th>
                <Table.Th>{t('warehouse.fields.created')}</Table.Th>
                <Table.Th>{t('warehouse.fields.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((location) => (
                <Table.Tr key={location.id}>
                  <Table.Td fw={600}>{location.name}</Table.Td>
                  <Table.Td>{location.description}</Table.Td>
                  <Table.Td>{status(location)}</Table.Td>
                  <Table.Td>{created(location)}</Table.Td>
                  <Table.Td>{actions(location)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('warehouse.showing', { from, to, total: data.total })}</Text>
            {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
          </Group>
        )}
      </Stack>
      <WarehouseLocationFormModal
        opened={editing !== undefined}
        location={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('warehouse.deleteTitle')}>
        <Text mb="md">{t('warehouse.deleteConfirm', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete}>
            {t('warehouse.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
