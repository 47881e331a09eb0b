import { useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  List,
  Loader,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChevronDown, IconRefresh, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useBulkAssignTechnician } from '../api/bulk-assign-technician.ts';
import { useBulkUndoStatus, useBulkUpdateStatus } from '../api/bulk-update-status.ts';
import type { Lookup } from '../lib/lookups.ts';
import { StatusBadge } from './order-badges.tsx';

export interface SelectedOrder {
  id: string;
  orderNumber: string;
  title: string;
}

interface BulkActionsBarProps {
  orderIds: string[];
  /** The selected orders shown on this page: what a cancel's preview names (others are counted). */
  orders: SelectedOrder[];
  /** The statuses all selected orders may move to (commonNextStatuses); nothing else is offered. */
  statuses: ServiceOrderStatus[];
  technicians: Lookup;
  onDone: () => void;
}

/**
 * Acts on the selected orders. "Change status" offers only the statuses every selected order may
 * take (issue 18), so the server's all-or-nothing check does not refuse the batch; if it still does
 * (an order changed meanwhile), the refusal is shown here with the server's reason.
 */
export function BulkActionsBar({ orderIds, orders, statuses, technicians, onDone }: BulkActionsBarProps) {
  const { t } = useTranslation();
  const updateStatus = useBulkUpdateStatus();
  const undoStatus = useBulkUndoStatus();
  const assign = useBulkAssignTechnician();
  const [completing, setCompleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [completionNotes, setCompletionNotes] = useState('');
  const busy = updateStatus.isPending || assign.isPending;
  const failed = updateStatus.error ?? assign.error;

  const succeeded = () => {
    notifications.show({ color: 'green', message: t('success.updated') });
    onDone();
  };

  const undo = (ids: string[], status: ServiceOrderStatus, id: string) => {
    notifications.hide(id);
    undoStatus({ orderIds: ids, status }).then(
      ({ updated }) =>
        notifications.show({ color: 'green', message: t('serviceOrders.bulk.undone', { count: updated }) }),
      (e: unknown) =>
        notifications.show({
          color: 'red',
          message: formatMessage(t, apiErrorMessage(e, 'serviceOrders.bulk.undoFailed')),
        }),
    );
  };

  // A status change can be taken back for a few minutes (issue 31 item 8): "Undo" in its notice.
  const changeStatus = (status: ServiceOrderStatus, notes?: string) => {
    assign.reset();
    const ids = [...orderIds];
    updateStatus.mutate(
      { orderIds: ids, status, ...(notes ? { completionNotes: notes } : {}) },
      {
        onSuccess: () => {
          const id = `bulk-status-${Date.now()}`;
          notifications.show({
            id,
            color: 'green',
            autoClose: 10_000,
            message: (
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <span>{t('success.updated')}</span>
                <Button size="xs" variant="light" onClick={() => undo(ids, status, id)}>
                  {t('serviceOrders.bulk.undo')}
                </Button>
              </Group>
            ),
          });
          onDone();
        },
      },
    );
  };
  const pick = (status: ServiceOrderStatus) => {
    if (status === 'completed') setCompleting(true);
    else if (status === 'cancelled') setCancelling(true);
    else changeStatus(status);
  };
  const shown = orders.filter((o) => orderIds.includes(o.id));
  const elsewhere = orderIds.length - shown.length;

  const assignTechnician = (technicianId: string | null) => {
    updateStatus.reset();
    assign.mutate({ orderIds, technicianId }, { onSuccess: succeeded });
  };

  return (
    <Paper
      role="region"
      aria-label={t('serviceOrders.bulk.label')}
      withBorder
      radius="md"
      p="xs"
      bg="var(--mantine-primary-color-light)"
      style={{ borderColor: 'var(--mantine-primary-color-light-hover)' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <CloseButton size="sm" aria-label={t('serviceOrders.bulk.clearSelection')} onClick={onDone} />
            <Text fw={600} fz="sm" aria-live="polite">
              {t('serviceOrders.bulk.selected', { count: orderIds.length })}
            </Text>
            {busy && <Loader size="xs" aria-label={t('serviceOrders.bulk.working')} />}
          </Group>
          <Group gap="xs">
            <Menu position="bottom-end" shadow="md" width={240}>
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  rightSection={<IconChevronDown size={14} />}
                  disabled={busy}
                >
                  {t('serviceOrders.bulk.changeStatus')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {statuses.length === 0 ? t('a11y.bulkStatus.noCommon') : t('serviceOrders.bulk.moveTo')}
                </Menu.Label>
                {statuses.map((status) => (
                  <Menu.Item key={status} onClick={() => pick(status)}>
                    <StatusBadge status={status} size="sm" />
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Menu position="bottom-end" shadow="md" width={260}>
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  rightSection={<IconChevronDown size={14} />}
                  disabled={busy}
                >
                  {t('serviceOrders.bulk.assignTechnician')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
                {technicians.status === 'pending' && (
                  <Menu.Item disabled leftSection={<Loader size={14} />}>
                    {t('app.loading')}
                  </Menu.Item>
                )}
                {technicians.status === 'error' && (
                  <>
                    <Menu.Label c="red">{t('errors.loadTechnicians')}</Menu.Label>
                    <Menu.Item
                      leftSection={<IconRefresh size={14} />}
                      onClick={technicians.retry}
                      closeMenuOnClick={false}
                    >
                      {t('common.retry')}
                    </Menu.Item>
                  </>
                )}
                {technicians.status === 'success' && technicians.options.length === 0 && (
                  <Menu.Item disabled>{t('serviceOrders.bulk.noTechnicians')}</Menu.Item>
                )}
                {technicians.options.map((option) => (
                  <Menu.Item
                    key={option.value}
                    leftSection={<IconUserCheck size={14} />}
                    onClick={() => assignTechnician(option.value)}
                  >
                    {option.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item leftSection={<IconUserX size={14} />} onClick={() => assignTechnician(null)}>
                  {t('serviceOrders.bulk.unassign')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            closeButtonLabel={t('common.dismiss')}
            onClose={() => {
              updateStatus.reset();
              assign.reset();
            }}
            p="xs"
          >
            {formatMessage(t, apiErrorMessage(failed, 'errors.bulkUpdate'))}
          </Alert>
        )}
      </Stack>

      <Modal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title={t('serviceOrders.bulk.cancelTitle', { count: orderIds.length })}
      >
        <Stack>
          <Text>{t('serviceOrders.bulk.cancelPreview', { count: orderIds.length })}</Text>
          <List size="sm" spacing={4} mah={240} style={{ overflowY: 'auto' }}>
            {shown.map((o) => (
              <List.Item key={o.id}>
                <Text span fw={600} fz="sm">
                  {o.orderNumber}
                </Text>{' '}
                <Text span fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {o.title}
                </Text>
              </List.Item>
            ))}
          </List>
          {elsewhere > 0 && (
            <Text fz="sm" c="dimmed">
              {t('serviceOrders.bulk.cancelMore', { count: elsewhere })}
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            {t('serviceOrders.bulk.cancelUndoHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(false)}>
              {t('serviceOrders.bulk.keep')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setCancelling(false);
                changeStatus('cancelled');
              }}
            >
              {t('serviceOrders.bulk.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={completing}
        onClose={() => setCompleting(false)}
        title={t('serviceOrders.bulk.completeTitle', { count: orderIds.length })}
      >
        <Stack>
          <Textarea
            label={t('serviceOrders.fields.completionNotes')}
            description={t('serviceOrders.bulk.completionNotesHint')}
            autosize
            minRows={3}
            value={completionNotes}
            onChange={(event) => setCompletionNotes(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCompleting(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="green"
              onClick={() => {
                setCompleting(false);
                changeStatus('completed', completionNotes.trim());
                setCompletionNotes('');
              }}
            >
              {t('serviceOrders.bulk.complete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
