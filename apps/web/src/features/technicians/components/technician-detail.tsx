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
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useTechnician, useTechnicianStats } from '../api/get-technician.ts';
import { useTechnicianOrders } from '../api/list-technician-orders.ts';
import { useUpdateTechnician } from '../api/update-technician.ts';
import { TechnicianForm, technicianFormValues } from './technician-form.tsx';

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
export function TechnicianDetail({ id, canManage }: { id: string; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const technician = useTechnician(id);
  const stats = useTechnicianStats(id);
  const [tab, setTab] = useState<'assigned' | 'completed'>('assigned');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  // Bumped to start the form over from the technician as stored (after a version conflict).
  const [formKey, setFormKey] = useState(0);
  const update = useUpdateTechnician();
  const orders = useTechnicianOrders(id, { page, ...(tab === 'completed' ? { status: 'completed' } : {}) });

  if (technician.isError)
    return (
      <Alert color="red">
        {formatMessage(t, apiErrorMessage(technician.error, 'errors.loadTechnicians'))}
      </Alert>
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
                  : t('technicians.stats.hours', { value: number.format(s.averageResolutionHours) })
              }
            />
          </SimpleGrid>
        )}
        <SegmentedControl
          value={tab}
          onChange={(value) => {
            setTab(value);
            setPage(1);
          }}
          data={[
            { value: 'assigned', label: t('technicians.orders.assigned') },
            { value: 'completed', label: t('technicians.orders.completed') },
          ]}
        />
        {orders.isError && (
          <Alert color="red">{formatMessage(t, apiErrorMessage(orders.error, 'errors.loadData'))}</Alert>
        )}
        {orders.isPending && <Loader size="sm" />}
        {orders.data?.items.length === 0 && <Text c="dimmed">{t('technicians.orders.none')}</Text>}
        {orders.data &&
          orders.data.items.length > 0 &&
          (phone ? (
            <Stack gap="xs">
              {orders.data.items.map((order) => (
                <Card key={order.id} withBorder padding="sm">
                  <Anchor component={Link} to={`/service-orders/${order.id}`} fw={600}>
                    {order.orderNumber}
                  </Anchor>
                  <Text size="sm">{order.title}</Text>
                  <Text size="xs" c="dimmed">
                    {order.customerName} · {t(`serviceOrders.status.${order.status}`)}
                  </Text>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('serviceOrders.columns.orderNumber')}</Table.Th>
                  <Table.Th>{t('serviceOrders.columns.title')}</Table.Th>
                  <Table.Th>{t('serviceOrders.columns.customer')}</Table.Th>
                  <Table.Th>{t('serviceOrders.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.items.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/service-orders/${order.id}`}>
                        {order.orderNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{order.title}</Table.Td>
                    <Table.Td>{order.customerName}</Table.Td>
                    <Table.Td>{t(`serviceOrders.status.${order.status}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        {orders.data && orders.data.total > orders.data.pageSize && (
          <Pagination
            value={page}
            onChange={setPage}
            total={Math.ceil(orders.data.total / orders.data.pageSize)}
            size="sm"
          />
        )}
      </Stack>
    </>
  );
}
