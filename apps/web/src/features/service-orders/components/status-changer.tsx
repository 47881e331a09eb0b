import { useState } from 'react';
import { Alert, Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessSubject } from '@service-portal/shared/access';
import { nextStatuses } from '@service-portal/shared/service-orders';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import { useUpdateServiceOrder } from '../api/update-service-order.ts';

/**
 * The order's status on its own (the technician's day): the statuses the status rules allow next,
 * saved with the version last read. A conflict asks to look again; `onChanged` refreshes the reader.
 */
export function StatusChanger({
  order,
  actor,
  onChanged,
  queue,
}: {
  order: { id: string; status: ServiceOrderStatus; version: number; orderNumber: string };
  actor: AccessSubject;
  onChanged: () => void;
  /**
   * The phone's way (issue 28): the change is handed to the outbox instead of being sent now; it
   * reaches the server when there is a network, and a refusal is shown by the outbox.
   */
  queue?: (next: ServiceOrderStatus) => Promise<void>;
}) {
  const { t } = useTranslation();
  const update = useUpdateServiceOrder();
  const options = nextStatuses(order.status, actor);
  const [next, setNext] = useState<ServiceOrderStatus | ''>('');
  const [failure, setFailure] = useState<UiMessage | null>(null);
  if (options.length === 0) return null;

  const save = () => {
    if (next === '') return;
    setFailure(null);
    if (queue !== undefined) {
      void queue(next).then(
        () => {
          setNext('');
          onChanged();
        },
        () => setFailure({ key: 'serviceOrders.statusChange.failed' }),
      );
      return;
    }
    update.mutate(
      { id: order.id, body: { status: next, version: order.version } },
      {
        onSuccess: () => {
          setNext('');
          onChanged();
        },
        onError: (error) => {
          const conflict = toApiFailure(error);
          if (conflict.kind === 'http' && conflict.status === 409) {
            setFailure({ key: 'serviceOrders.statusChange.conflict' });
            onChanged();
          } else setFailure(apiErrorMessage(error, 'serviceOrders.statusChange.failed'));
        },
      },
    );
  };

  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          style={{ flex: 1 }}
          label={t('serviceOrders.statusChange.label', { order: order.orderNumber })}
          value={next}
          onChange={(event) => setNext(event.currentTarget.value as ServiceOrderStatus | '')}
          data={[
            { value: '', label: t('serviceOrders.statusChange.choose') },
            ...options.map((status) => ({ value: status, label: t(`serviceOrders.status.${status}`) })),
          ]}
        />
        <Button onClick={save} disabled={next === ''} loading={update.isPending}>
          {t('serviceOrders.statusChange.save')}
        </Button>
      </Group>
      {failure !== null && (
        <Alert color="red" role="alert" mt={4}>
          {formatMessage(t, failure)}
        </Alert>
      )}
    </div>
  );
}
