import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TECHNICIAN_PAGE_SIZES } from '@service-portal/shared/technicians';
import type { Technician } from '@service-portal/shared/technicians';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useTechnicians } from '../api/list-technicians.ts';
import { useSetTechnicianStatus } from '../api/set-technician-status.ts';
import { AddTechnicianModal } from './add-technician-modal.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';

/** Spec §2: the partner's technicians with a selectable page size; managers add and (de)activate. */
export function TechniciansScreen({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useTechnicians({ page, pageSize, ...(search ? { search } : {}) });
  const setStatus = useSetTechnicianStatus();

  const toggle = (technician: Technician) => {
    setError(null);
    setStatus.mutate(
      { id: technician.id, isActive: !technician.isActive, version: technician.version },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('success.technicianStatusUpdated') }),
        onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'errors.updateTechnicianStatus'))),
      },
    );
  };

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  const name = (technician: Technician) => (
    <Anchor component={Link} to={`/technicians/${technician.id}`} fw={600}>
      {technician.fullName}
    </Anchor>
  );
  const status = (technician: Technician) => (
    <Badge color={technician.isActive ? 'green' : 'gray'} variant="light">
      {technician.isActive ? t('technicians.active') : t('technicians.inactive')}
    </Badge>
  );
  const action = (technician: Technician) =>
    canManage ? (
      <Button
        size="xs"
        variant="light"
        color={technician.isActive ? 'orange' : 'green'}
        onClick={() => toggle(technician)}
        aria-label={`${technician.isActive ? t('technicians.deactivate') : t('technicians.activate')} ${technician.fullName}`}
      >
        {technician.isActive ? t('technicians.deactivate') : t('technicians.activate')}
      </Button>
    ) : null;

  return (
    <>
      <PageHeader
        title={t('screens.technicians')}
        actions={
          canManage ? <Button onClick={() => setAdding(true)}>{t('technicians.add')}</Button> : undefined
        }
      />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <DebouncedTextInput
            label={t('technicians.search')}
            value={search}
            onCommit={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label={t('technicians.pageSize')}
            data={TECHNICIAN_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            w={120}
            onChange={(value) => {
              if (value === null) return;
              setPageSize(Number(value));
              setPage(1);
            }}
          />
        </Group>
        {error !== null && (
          <Alert color="red" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {list.isError && !data && (
          <LoadErrorAlert
            message={formatMessage(t, apiErrorMessage(list.error, 'errors.loadTechnicians'))}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.isPending && <Loader aria-label={t('technicians.loading')} />}
        {data && data.items.length === 0 && <Text c="dimmed">{t('technicians.empty')}</Text>}
        {data && data.items.length > 0 && phone && (
          <Stack gap="sm">
            {data.items.map((technician) => (
              <Card key={technician.id} withBorder padding="sm" data-testid="technician-card">
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  {name(technician)}
                  {status(technician)}
                </Group>
                <Text size="sm">{technician.email}</Text>
                {technician.phoneNumber && <Text size="sm">{technician.phoneNumber}</Text>}
                {(technician.jobTitle ?? technician.department) && (
                  <Text size="sm" c="dimmed" mb="xs">
                    {[technician.jobTitle, technician.department].filter(Boolean).join(' · ')}
                  </Text>
                )}
                {action(technician)}
              </Card>
            ))}
          </Stack>
        )}
        {data && data.items.length > 0 && !phone && (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('technicians.columns.name')}</Table.Th>
                <Table.Th>{t('technicians.fields.email')}</Table.Th>
                <Table.Th>{t('technicians.fields.phoneNumber')}</Table.Th>
                <Table.Th>{t('technicians.fields.jobTitle')}</Table.Th>
                <Table.Th>{t('technicians.fields.department')}</Table.Th>
                <Table.Th>{t('technicians.columns.status')}</Table.Th>
                {canManage && <Table.Th>{t('technicians.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((technician) => (
                <Table.Tr key={technician.id}>
                  <Table.Td>{name(technician)}</Table.Td>
                  <Table.Td>{technician.email}</Table.Td>
                  <Table.Td>{technician.phoneNumber ?? '—'}</Table.Td>
                  <Table.Td>{technician.jobTitle ?? '—'}</Table.Td>
                  <Table.Td>{technician.department ?? '—'}</Table.Td>
                  <Table.Td>{status(technician)}</Table.Td>
                  {canManage && <Table.Td>{action(technician)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('technicians.showing', { from, to, total: data.total })}</Text>
            {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
          </Group>
        )}
      </Stack>
      <AddTechnicianModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
