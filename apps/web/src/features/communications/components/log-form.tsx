import { Alert, Button, Group, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { communicationCreateSchema } from '@service-portal/shared/communications';
import type { CommunicationDirection } from '@service-portal/shared/communications';
import { FormFailure } from '../../../components/form-failure.tsx';
import { fromZonedInput, toZonedInput } from '../../../lib/dates.ts';
import { catalogueError } from '../../../lib/form-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateCommunication } from '../api/create-communication.ts';
import { translateCommunicationError } from './communication-messages.ts';

export type LogKind = 'phone' | 'in_person' | 'note';

// The input shows and reads the partner's clock, not the browser's (decision 029).
const nowLocal = () => toZonedInput();

interface LogValues extends Record<string, unknown> {
  direction: CommunicationDirection;
  /** Named as the schema names them, so its messages land on these inputs. */
  message: string;
  customerResponse: string;
  when: string;
}

/** Log a phone call or an in-person visit (direction, summary, customer response, when), or an internal note. */
export function LogForm({ orderId, kind }: { orderId: string; kind: LogKind }) {
  const { t } = useTranslation();
  const create = useCreateCommunication();
  const note = kind === 'note';
  const body = ({ direction, message, customerResponse, when }: LogValues) => {
    const at = fromZonedInput(when);
    return note
      ? { method: 'in_person' as const, message, isInternal: true }
      : {
          method: kind,
          direction,
          message,
          customerResponse,
          ...(at !== null ? { occurredAt: at } : {}),
        };
  };
  const form = useSchemaForm({
    initialValues: {
      direction: 'outbound',
      message: '',
      customerResponse: '',
      when: nowLocal(),
    },
    schema: communicationCreateSchema,
    toPayload: body,
    // A time the browser cannot read never reaches the schema (it is left out above).
    check: ({ when }): Record<string, string> =>
      !note && fromZonedInput(when) === null
        ? { when: catalogueError('communications.log.whenInvalid') }
        : {},
    fallback: 'communications.errors.saveFailed',
    translate: translateCommunicationError,
  });

  const submit = form.submit((_payload, values) =>
    create.mutate(
      { orderId, body: body(values) },
      {
        onSuccess: () => form.setValues({ message: '', customerResponse: '', when: nowLocal() }),
        onError: form.fail,
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(`communications.log.title.${kind}`)}>
      <Stack gap="sm">
        {!note && (
          <SegmentedControl
            aria-label={t('communications.log.direction')}
            data={[
              { value: 'outbound', label: t(`communications.log.outbound.${kind}`) },
              { value: 'inbound', label: t(`communications.log.inbound.${kind}`) },
            ]}
            {...form.getInputProps('direction')}
          />
        )}
        <Textarea
          label={note ? t('communications.log.note') : t('communications.log.summary')}
          autosize
          minRows={3}
          required
          {...form.getInputProps('message')}
        />
        {!note && (
          <>
            <Textarea
              label={t('communications.customerResponse')}
              autosize
              minRows={2}
              {...form.getInputProps('customerResponse')}
            />
            <TextInput
              type="datetime-local"
              label={t('communications.log.when')}
              {...form.getInputProps('when')}
            />
          </>
        )}
        {note && (
          <Alert color="yellow" variant="light">
            {t('communications.internalLabel')}
          </Alert>
        )}
        <FormFailure failure={form.failure} withFieldFailures />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t(`communications.log.save.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
