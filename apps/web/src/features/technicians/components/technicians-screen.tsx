import { useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TECHNICIAN_PAGE_SIZES } from '@service-portal/shared/technicians';
import type { Technician } from '@service-portal/shared/technicians';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { choiceParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useTechnicians } from '../api/list-technicians.ts';
import { useSetTechnicianStatus } from '../api/set-technician-status.ts';
import { AddTechnicianModal } from './add-technician-modal.tsx';

// Search, page size and page live in the URL (?q=tor&size=50&page=2).
const PARAMS = {
  search: textParam('q'),
  pageSize: choiceParam<number>('size', TECHNICIAN_PAGE_SIZES, 20),
  page: pageParam(),
};

/** Spec §2: the partner's technicians with a selectable page size; managers add and (de)activate. */
export function TechniciansScreen({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useTechnicians({
    page: state.page,
    pageSize: state.pageSize,
    ...(state.search ? { search: state.search } : {}),
  });
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

  const columns: PagedListColumn<Technician>[] = [
    { key: 'name', header: t('technicians.columns.name'), cell: name },
    { key: 'email', header: t('technicians.fields.email'), cell: (x) => x.email },
    { key: 'phone', header: t('technicians.fields.phoneNumber'), cell: (x) => x.phoneNumber ?? '—' },
    { key: 'jobTitle', header: t('technicians.fields.jobTitle'), cell: (x) => x.jobTitle ?? '—' },
    { key: 'department', header: t('technicians.fields.department'), cell: (x) => x.department ?? '—' },
    { key: 'status', header: t('technicians.columns.status'), cell: status },
    ...(canManage ? [{ key: 'actions', header: t('technicians.columns.actions'), cell: action }] : []),
  ];

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
            value={state.search}
            onCommit={(search) => update({ search }, { replace: true })}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label={t('technicians.pageSize')}
            data={TECHNICIAN_PAGE_SIZES.map(String)}
            value={String(state.pageSize)}
            allowDeselect={false}
            w={120}
            onChange={(value) => {
              const pageSize = TECHNICIAN_PAGE_SIZES.find((size) => String(size) === value);
              if (pageSize !== undefined) update({ pageSize });
            }}
          />
        </Group>
        <ScreenList
          query={list}
          params={[state, update]}
          actionError={[error, setError]}
          loadFailure="errors.loadTechnicians"
          loadingLabel={t('technicians.loading')}
          columns={columns}
          cardTestId="technician-card"
          card={(technician) => (
            <>
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
            </>
          )}
          empty={t('technicians.empty')}
        />
      </Stack>
      <AddTechnicianModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
