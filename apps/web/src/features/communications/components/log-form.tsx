import { Alert, Button, Group, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunicationDirection } from '@service-portal/shared/communications';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useCreateCommunication } from '../api/create-communication.ts';

export type LogKind = 'phone' | 'in_person' | 'note';

const nowLocal = () => dayjs().format('YYYY-MM-DDTHH:mm');

/** Log a phone call or an in-person visit (direction, summary, customer response, when), or an internal note. */
export function LogForm({ orderId, kind }: { orderId: string; kind: LogKind }) {
  const { t } = useTranslation();
  const create = useCreateCommunication();
  const [direction, setDirection] = useState<CommunicationDirection>('outbound');
  const [summary, setSummary] = useState('');
  const [response, setResponse] = useState('');
  const [when, setWhen] = useState(nowLocal);
  const [errors, setErrors] = useState<{ summary?: string; when?: string }>({});
  const note = kind === 'note';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (summary.trim() === '') next.summary = t('communications.compose.messageRequired');
    const at = dayjs(when);
    if (!note && !at.isValid()) next.when = t('communications.log.whenInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      {
        orderId,
        body: note
          ? { method: 'in_person', message: summary, isInternal: true }
          : {
              method: kind,
              direction,
              message: summary,
              customerResponse: response,
              occurredAt: at.toISOString(),
            },
      },
      {
        onSuccess: () => {
          setSummary('');
          setResponse('');
          setWhen(nowLocal());
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t(`communications.log.title.${kind}`)}>
      <Stack gap="sm">
        {!note && (
          <SegmentedControl
            value={direction}
            onChange={(v) => setDirection(v)}
            aria-label={t('communications.log.direction')}
            data={[
              { value: 'outbound', label: t(`communications.log.outbound.${kind}`) },
              { value: 'inbound', label: t(`communications.log.inbound.${kind}`) },
            ]}
          />
        )}
        <Textarea
          label={note ? t('communications.log.note') : t('communications.log.summary')}
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
          error={errors.summary}
          autosize
          minRows={3}
          required
        />
        {!note && (
          <>
            <Textarea
              label={t('communications.customerResponse')}
              value={response}
              onChange={(e) => setResponse(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <TextInput
              type="datetime-local"
              label={t('communications.log.when')}
              value={when}
              onChange={(e) => setWhen(e.currentTarget.value)}
              error={errors.when}
            />
          </>
        )}
        {note && (
          <Alert color="yellow" variant="light">
            {t('communications.internalLabel')}
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatMessage(t, apiErrorMessage(create.error, 'communications.errors.saveFailed'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t(`communications.log.save.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
