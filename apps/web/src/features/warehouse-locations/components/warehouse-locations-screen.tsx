import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { flagParam, pageParam, useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteWarehouseLocation } from '../api/delete-warehouse-location.ts';
import { useWarehouseLocations } from '../api/list-warehouse-locations.ts';
import { useSetWarehouseLocationStatus } from '../api/set-warehouse-location-status.ts';
import { WarehouseLocationFormModal } from './warehouse-location-form.tsx';
import { formatDay } from '../../../lib/dates.ts';

const PAGE_SIZE = 20;
// "Show inactive" and the page live in the URL (?inactive=1&page=2).
const PARAMS = { showInactive: flagParam('inactive'), page: pageParam() };

/** Spec §2/§5: the partner's warehouse locations (Administrator or ServiceManager). */
export function WarehouseLocationsScreen() {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const [editing, setEditing] = useState<WarehouseLocation | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<WarehouseLocation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useWarehouseLocations({
    page: state.page,
    pageSize: PAGE_SIZE,
    includeInactive: state.showInactive,
  });
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
      onError: (e) =>
        setError(
          formatMessage(t, problemMessage(e, 'errors.warehouseLocations.delete', 'warehouseLocation')),
        ),
    });
  };

  const created = (location: WarehouseLocation) => formatDay(location.createdAt, i18n.language);

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

  const columns: PagedListColumn<WarehouseLocation>[] = [
    { key: 'name', header: t('warehouse.fields.name'), cell: (l) => l.name, fw: 600 },
    { key: 'description', header: t('warehouse.fields.description'), cell: (l) => l.description },
    { key: 'status', header: t('warehouse.fields.status'), cell: status },
    { key: 'created', header: t('warehouse.fields.created'), cell: created },
    { key: 'actions', header: t('warehouse.fields.actions'), cell: actions },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.warehouseLocations')}
        actions={<Button onClick={() => setEditing(null)}>{t('warehouse.add')}</Button>}
      />
      <Stack>
        <Checkbox
          label={t('warehouse.showInactive')}
          checked={state.showInactive}
          onChange={(event) => update({ showInactive: event.currentTarget.checked })}
        />
        <ScreenList
          query={list}
          params={[state, update]}
          actionError={[error, setError]}
          loadFailure="errors.warehouseLocations.load"
          loadingLabel={t('warehouse.loading')}
          columns={columns}
          cardTestId="warehouse-card"
          card={(location) => (
            <>
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
            </>
          )}
          empty={t('warehouse.empty')}
        />
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
