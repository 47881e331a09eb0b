import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { RecordLoadFailure } from '../../../components/record-load-failure.tsx';
import { formatDuration } from '../../../lib/durations.ts';
import { useTechnician, useTechnicianStats } from '../api/get-technician.ts';
import { useUpdateTechnician } from '../api/update-technician.ts';
import { TechnicianForm, technicianFormValues } from './technician-form.tsx';
import { DaysOffCard } from './days-off-card.tsx';
import { WorkingHoursCard } from './working-hours-card.tsx';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/**
 * Spec §2 /technicians/:id: contact data (editable by Administrators and ServiceManagers),
 * assigned and completed orders, completion rate, average resolution time.
 */
export function TechnicianDetail({
  id,
  canManage,
  orders,
  workTime,
}: {
  id: string;
  canManage: boolean;
  /** The technician's worked time, billable and not; the route module puts the work-logs card here. */
  workTime?: ReactNode;
  /**
   * The technician's orders (all, or the completed ones); the route module puts the service-order
   * feature's table here. `key` changes with the tab, so the table starts again on page 1.
   */
  orders: (view: { key: string; completedOnly: boolean; empty: string }) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const technician = useTechnician(id);
  const stats = useTechnicianStats(id);
  const [tab, setTab] = useState<'assigned' | 'completed'>('assigned');
  const [editing, setEditing] = useState(false);
  // Bumped to start the form over from the technician as stored (after a version conflict).
  const [formKey, setFormKey] = useState(0);
  const update = useUpdateTechnician();

  if (technician.isError)
    return (
      <RecordLoadFailure
        error={technician.error}
        heading={t('screens.technician')}
        notFound={{
          title: t('technicians.notFound.title'),
          text: t('technicians.notFound.text'),
          backTo: '/technicians',
          backLabel: t('technicians.notFound.back'),
        }}
        fallback="errors.loadTechnicians"
        onRetry={() => void technician.refetch()}
      />
    );
  if (!technician.data) return <Loader aria-label={t('technicians.loading')} />;
  const tech = technician.data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const s = stats.data;

  return (
    <>
      <PageHeader
        title={tech.fullName}
        actions={
          canManage && !editing ? (
            <Button variant="light" onClick={() => setEditing(true)}>
              {t('technicians.edit')}
            </Button>
          ) : undefined
        }
      />
      <Stack>
        <Card withBorder>
          {editing ? (
            <TechnicianForm
              key={formKey}
              initial={technicianFormValues(tech)}
              submitLabel={t('technicians.save')}
              pending={update.isPending}
              failureKey="technicians.saveFailed"
              onCancel={() => setEditing(false)}
              onReload={() => void technician.refetch().then(() => setFormKey((key) => key + 1))}
              onSave={(fields, onError) =>
                update.mutate(
                  { id: tech.id, version: tech.version, fields },
                  {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: t('success.saved') });
                      setEditing(false);
                    },
                    onError,
                  },
                )
              }
            />
          ) : (
            <Group gap="xl" wrap="wrap">
              <Badge color={tech.isActive ? 'green' : 'gray'} variant="light">
                {tech.isActive ? t('technicians.active') : t('technicians.inactive')}
              </Badge>
              <Text size="sm">{tech.email}</Text>
              {tech.phoneNumber && <Text size="sm">{tech.phoneNumber}</Text>}
              {tech.jobTitle && <Text size="sm">{tech.jobTitle}</Text>}
              {tech.department && <Text size="sm">{tech.department}</Text>}
            </Group>
          )}
        </Card>
        {stats.isError && (
          <Alert color="red">{formatMessage(t, apiErrorMessage(stats.error, 'errors.loadData'))}</Alert>
        )}
        {s && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label={t('technicians.stats.assigned')} value={String(s.assignedOrders)} />
            <Stat label={t('technicians.stats.completed')} value={String(s.completedOrders)} />
            <Stat
              label={t('technicians.stats.completionRate')}
              value={`${number.format(s.completionRate * 100)} %`}
            />
            <Stat
              label={t('technicians.stats.averageResolution')}
              value={
                s.averageResolutionHours === null
                  ? '—'
                  : formatDuration(t, s.averageResolutionHours, i18n.language)
              }
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <WorkingHoursCard technicianId={id} canManage={canManage} />
          <DaysOffCard technicianId={id} canManage={canManage} />
        </SimpleGrid>
        {workTime}
        <SegmentedControl
          value={tab}
          onChange={setTab}
          data={[
            { value: 'assigned', label: t('technicians.orders.assigned') },
            { value: 'completed', label: t('technicians.orders.completed') },
          ]}
        />
        {orders({
          key: tab,
          completedOnly: tab === 'completed',
          empty: t('technicians.orders.none'),
        })}
      </Stack>
    </>
  );
}
