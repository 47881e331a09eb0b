import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMUNICATION_LIMITS, renderTemplate, TEMPLATE_IDS } from '@service-portal/shared/communications';
import type { TemplateId, TemplateVariable } from '@service-portal/shared/communications';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useCreateCommunication } from '../api/create-communication.ts';
import type { ConversationOrder } from './conversation-panel.tsx';

type SendMethod = 'email' | 'sms';

export interface ComposeFormProps {
  orderId: string;
  order: ConversationOrder | undefined;
  partnerName: string | null;
}

/** Compose an e-mail or SMS to the order's customer, optionally from a template. */
export function ComposeForm({ orderId, order, partnerName }: ComposeFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateCommunication();
  const [method, setMethod] = useState<SendMethod>('email');
  const [template, setTemplate] = useState<TemplateId | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState<TemplateVariable[]>([]);
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});

  const recipient = method === 'email' ? order?.customerEmail : order?.customerPhone;

  const applyTemplate = (id: string | null) => {
    setTemplate(id as TemplateId | null);
    if (id === null) return;
    const rendered = renderTemplate(id as TemplateId, {
      orderNumber: order?.orderNumber,
      customerName: order?.customerName,
      scheduledDate: order?.scheduledDate ? formatDay(order.scheduledDate, i18n.language) : null,
      partnerName,
    });
    setSubject(rendered.subject);
    setMessage(rendered.message);
    setMissing(rendered.missing);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (method === 'email' && subject.trim() === '')
      next.subject = t('communications.compose.subjectRequired');
    if (message.trim() === '') next.message = t('communications.compose.messageRequired');
    else if (method === 'sms' && message.trim().length > COMMUNICATION_LIMITS.smsMax)
      next.message = t('communications.compose.smsTooLong', { max: COMMUNICATION_LIMITS.smsMax });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      {
        orderId,
        body: { method, subject: method === 'email' ? subject : null, message },
      },
      {
        onSuccess: () => {
          setSubject('');
          setMessage('');
          setTemplate(null);
          setMissing([]);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('communications.compose.title')}>
      <Stack gap="sm">
        <SegmentedControl
          value={method}
          onChange={(value) => {
            setMethod(value);
            setErrors({});
          }}
          data={[
            { value: 'email', label: t('communications.method.email') },
            { value: 'sms', label: t('communications.method.sms') },
          ]}
          aria-label={t('communications.compose.method')}
        />
        <Text size="xs" c={recipient ? 'dimmed' : 'orange'}>
          {recipient
            ? t('communications.to', { address: recipient })
            : method === 'email'
              ? t('communications.compose.noEmail')
              : t('communications.compose.noPhone')}
        </Text>
        <Select
          label={t('communications.compose.template')}
          placeholder={t('communications.compose.templatePlaceholder')}
          data={TEMPLATE_IDS.map((id) => ({ value: id, label: t(`communications.templates.${id}`) }))}
          value={template}
          onChange={applyTemplate}
          clearable
        />
        {missing.length > 0 && (
          <Alert color="orange" variant="light">
            {t('communications.compose.missing', { names: missing.map((v) => `{${v}}`).join(', ') })}
          </Alert>
        )}
        {method === 'email' && (
          <TextInput
            label={t('communications.compose.subject')}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            maxLength={COMMUNICATION_LIMITS.subjectMax}
            required
          />
        )}
        <Textarea
          label={t('communications.compose.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
          autosize
          minRows={4}
          maxRows={14}
          required
          description={
            method === 'sms'
              ? t('communications.compose.smsCount', {
                  count: message.length,
                  max: COMMUNICATION_LIMITS.smsMax,
                })
              : undefined
          }
        />
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatMessage(t, apiErrorMessage(create.error, 'communications.errors.sendFailed'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconSend size={16} aria-hidden="true" />}
          >
            {t('communications.compose.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
