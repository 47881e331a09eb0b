import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { Alert, Anchor, Box, Button, DataList, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDeviceFloppy,
  IconGitMerge,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasRole } from '@service-portal/shared/access';
import type { AccessSubject } from '@service-portal/shared/access';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { preloadComboboxFields } from '../../../components/lazy-combobox.tsx';
import { formatMessage } from '../../../lib/api-errors.ts';
import { displayTimeZone, formatDateTime } from '../../../lib/dates.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useAutosavePreference } from '../../../lib/preferences.ts';
import { useOrderEditor } from '../hooks/use-order-editor.ts';
import type { Lookup } from '../lib/lookups.ts';
import { CheckpointsPart } from './checkpoints-part.tsx';
import { CustomerSection } from './customer-section.tsx';
import { DeleteOrderButton } from './delete-order-button.tsx';
import { InternalNotesSection } from './internal-notes-section.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { PriorityBadge, StatusBadge } from './order-badges.tsx';
import { OrderInfoSection } from './order-info-section.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { SparePartsSection } from './spare-parts-section.tsx';
import { StatusHistory } from './status-history.tsx';
import { todayIn } from '@service-portal/shared/zoned-days';

interface EditServiceOrderProps {
  order: ServiceOrder;
  actor: AccessSubject;
  technicians: Lookup;
  warehouseLocations: Lookup;
  /** Bumped when the page changed the order outside the form: load it, keep what was typed. */
  changedElsewhere?: number;
}

/** /service-orders/:id: the order's form with autosave, its status history, and delete for managers. */
export function EditServiceOrder({
  order: loaded,
  actor,
  technicians,
  warehouseLocations,
  changedElsewhere = 0,
}: EditServiceOrderProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [autosave] = useAutosavePreference();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const editor = useOrderEditor({ order: loaded, autosave, actor });
  const { form, order, phase } = editor;
  const leaving = useRef(false);
  const { hasUnsavedChanges } = editor;
  // The "Schedule…" dialog moved the order (a new version): take the newer copy under the typing.
  const reloadLatest = useEffectEvent(() => editor.reloadLatest());
  useEffect(() => {
    if (changedElsewhere > 0) reloadLatest();
  }, [changedElsewhere]);
  const shouldBlock = useCallback(() => !leaving.current && hasUnsavedChanges(), [hasUnsavedChanges]);
  const canDelete = hasRole(actor, 'ServiceManager');

  const saveButton = (
    <Button
      type="submit"
      form="service-order-form"
      leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
      loading={phase === 'saving'}
      disabled={phase === 'saved' || phase === 'conflict'}
    >
      {t('serviceOrders.form.save')}
    </Button>
  );

  return (
    <>
      <Anchor
        component={Link}
        to="/service-orders"
        fz="sm"
        c="dimmed"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden="true" />
        {t('serviceOrders.form.backToList')}
      </Anchor>
      {/* Sticks under the top bar, so the save state and the actions stay in sight while scrolling. */}
      <Box
        pos="sticky"
        top={60}
        mx="calc(var(--mantine-spacing-md) * -1)"
        px="md"
        pt="xs"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 20, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm" pb="sm">
          <title>{`${order.orderNumber} · ${t('app.name')}`}</title>
          <Title order={1} fz={{ base: 22, sm: 26 }} style={{ whiteSpace: 'nowrap' }}>
            {order.orderNumber}
          </Title>
          <Group gap="sm" wrap="nowrap">
            <SaveIndicator phase={phase} autosave={autosave} />
            {!autosave && !isPhone && saveButton}
            {canDelete && (
              <DeleteOrderButton
                compact={isPhone}
                orderId={order.id}
                orderNumber={order.orderNumber}
                onDeleted={() => {
                  leaving.current = true;
                  void navigate('/service-orders');
                }}
              />
            )}
          </Group>
        </Group>
      </Box>
      <Group gap="xs" mt="sm" mb="md" wrap="nowrap">
        <StatusBadge status={order.status} />
        <PriorityBadge priority={order.priority} />
        <Text fz="sm" c="dimmed" truncate="end">
          {order.title}
        </Text>
      </Group>

      {phase === 'conflict' && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          icon={<IconGitMerge size={20} />}
          title={t('serviceOrders.conflict.title')}
          mb="md"
        >
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{t('serviceOrders.conflict.message')}</Text>
            {editor.error && (
              <Text fz="sm" c="red">
                {formatMessage(t, editor.error)}
              </Text>
            )}
            <Button
              color="orange"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              loading={editor.reloading}
              onClick={editor.reloadLatest}
            >
              {t('serviceOrders.conflict.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      {phase === 'error' && editor.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} />} mb="md">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{formatMessage(t, editor.error)}</Text>
            <Button size="xs" color="red" variant="white" onClick={editor.save}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <form
            id="service-order-form"
            noValidate
            // The form's selects load on first use (decision 038); its first focus starts that load.
            onFocus={preloadComboboxFields}
            onSubmit={(event) => {
              event.preventDefault();
              editor.save();
            }}
          >
            <Stack gap="lg">
              <CustomerSection form={form} />
              <OrderInfoSection
                form={form}
                status={{ saved: order.status, actor, hasCompletionNotes: loaded.completionNotes !== null }}
                technicians={technicians}
                warehouseLocations={warehouseLocations}
                current={{
                  technician: loaded.assignedTechnicianId
                    ? { id: loaded.assignedTechnicianId, name: loaded.assignedTechnicianName }
                    : null,
                  warehouseLocation: loaded.warehouseLocationId
                    ? { id: loaded.warehouseLocationId, name: loaded.warehouseLocationName }
                    : null,
                }}
                today={todayIn(displayTimeZone())}
                language={language}
              />
              <SparePartsSection form={form} language={language} />
              <CheckpointsPart form={form} />
              <InternalNotesSection form={form} />
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" pos={{ base: 'static', lg: 'sticky' }} top={150}>
            <Paper withBorder radius="md" p="lg">
              <Title order={2} size="h4" mb="md">
                {t('serviceOrders.details.title')}
              </Title>
              <DataList size="sm" labelWidth={130}>
                <DataList.Item>
                  <DataList.ItemLabel>{t('serviceOrders.details.created')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(order.createdAt, language)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('serviceOrders.details.createdBy')}</DataList.ItemLabel>
                  <DataList.ItemValue>{order.createdByName ?? '—'}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('serviceOrders.details.updated')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(order.updatedAt, language)}</DataList.ItemValue>
                </DataList.Item>
                {order.completedAt && (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceOrders.details.completed')}</DataList.ItemLabel>
                    <DataList.ItemValue>{formatDateTime(order.completedAt, language)}</DataList.ItemValue>
                  </DataList.Item>
                )}
                <DataList.Item>
                  <DataList.ItemLabel>{t('serviceOrders.fields.assignedTechnician')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {order.assignedTechnicianName ?? t('serviceOrders.form.unassigned')}
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList>
            </Paper>
            <Paper
              withBorder
              radius="md"
              p="lg"
              component="section"
              aria-label={t('serviceOrders.history.title')}
            >
              <Title order={2} size="h4" mb="md">
                {t('serviceOrders.history.title')}
              </Title>
              <StatusHistory entries={order.statusHistory} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      {!autosave && phase !== 'saved' && (
        <Box pos="sticky" bottom={0} mt="lg" style={{ zIndex: 5 }}>
          <Paper withBorder shadow="md" radius="md" p="sm">
            <Group justify="space-between">
              <SaveIndicator phase={phase} autosave={autosave} />
              {saveButton}
            </Group>
          </Paper>
        </Box>
      )}

      <LeaveGuard shouldBlock={shouldBlock} />
    </>
  );
}
