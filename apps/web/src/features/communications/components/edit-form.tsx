import { Alert, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { communicationUpdateSchema, LOGGED_METHODS } from '@service-portal/shared/communications';
import type { Communication, CommunicationDirection } from '@service-portal/shared/communications';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { orderCommunicationsKey } from '../api/keys.ts';
import { useUpdateCommunication } from '../api/update-communication.ts';
import { translateCommunicationError } from './communication-messages.ts';

interface EditValues extends Record<string, unknown> {
  direction: CommunicationDirection;
  message: string;
  customerResponse: string;
  deliveryNotes: string;
}

/**
 * Spec §2 "log, edit and send" and §3's delivery notes: a logged call, visit or note can be
 * rewritten; a message that was sent or received keeps its text (the server refuses a change), so
 * only its delivery notes and the customer's response are offered.
 */
export function EditForm({
  orderId,
  communication: c,
  onDone,
}: {
  orderId: string;
  communication: Communication;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateCommunication();
  const queryClient = useQueryClient();
  // Someone saved first: show their version, the edit starts again from it.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: orderCommunicationsKey(orderId) });
    onDone();
  };
  const logged = c.deliveryStatus === 'logged';
  const withDirection = logged && !c.isInternal && LOGGED_METHODS.includes(c.method);
  const toPayload = ({ direction, message, customerResponse, deliveryNotes }: EditValues) => ({
    version: c.version,
    customerResponse,
    deliveryNotes,
    ...(logged ? { message } : {}),
    ...(withDirection ? { direction } : {}),
  });
  const form = useSchemaForm({
    initialValues: {
      direction: c.direction,
      message: c.message,
      customerResponse: c.customerResponse ?? '',
      deliveryNotes: c.deliveryNotes ?? '',
    },
    schema: communicationUpdateSchema,
    toPayload,
    fallback: 'communications.errors.saveFailed',
    translate: translateCommunicationError,
  });
  const submit = form.submit((_payload, values) =>
    update.mutate({ orderId, id: c.id, body: toPayload(values) }, { onSuccess: onDone, onError: form.fail }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('communications.edit.title')}>
      <Stack gap="sm">
        {!logged && (
          <Alert color="gray" variant="light">
            {t('communications.edit.lockedHint')}
          </Alert>
        )}
        {withDirection && (
          <SegmentedControl
            aria-label={t('communications.log.direction')}
            data={[
              { value: 'outbound', label: t('communications.direction.outbound') },
              { value: 'inbound', label: t('communications.direction.inbound') },
            ]}
            {...form.getInputProps('direction')}
          />
        )}
        {logged && (
          <Textarea
            label={c.isInternal ? t('communications.log.note') : t('communications.log.summary')}
            autosize
            minRows={3}
            required
            {...form.getInputProps('message')}
          />
        )}
        {!c.isInternal && (
          <Textarea
            label={t('communications.customerResponse')}
            autosize
            minRows={2}
            {...form.getInputProps('customerResponse')}
          />
        )}
        <Textarea
          label={t('communications.deliveryNotes')}
          description={t('communications.edit.deliveryNotesHint')}
          autosize
          minRows={2}
          {...form.getInputProps('deliveryNotes')}
        />
        <FormActions
          failure={form.failure}
          withFieldFailures
          submitLabel={t('communications.edit.save')}
          pending={update.isPending}
          onCancel={onDone}
          onReload={reload}
          reloadLabel={t('communications.edit.reload')}
        />
      </Stack>
    </form>
  );
}
