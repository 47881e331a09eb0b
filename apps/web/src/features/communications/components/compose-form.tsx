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
import { useTranslation } from 'react-i18next';
import {
  COMMUNICATION_LIMITS,
  communicationCreateSchema,
  renderTemplate,
  TEMPLATE_IDS,
} from '@service-portal/shared/communications';
import type { TemplateId, TemplateVariable } from '@service-portal/shared/communications';
import { FormFailure } from '../../../components/form-failure.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateCommunication } from '../api/create-communication.ts';
import { translateCommunicationError } from './communication-messages.ts';
import type { ConversationOrder } from './conversation-panel.tsx';

type SendMethod = 'email' | 'sms';

export interface ComposeFormProps {
  orderId: string;
  order: ConversationOrder | undefined;
  partnerName: string | null;
}

interface ComposeValues extends Record<string, unknown> {
  method: SendMethod;
  subject: string;
  message: string;
}

const body = ({ method, subject, message }: ComposeValues) => ({
  method,
  subject: method === 'email' ? subject : null,
  message,
});

/** Compose an e-mail or SMS to the order's customer, optionally from a template. */
export function ComposeForm({ orderId, order, partnerName }: ComposeFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateCommunication();
  const [template, setTemplate] = useState<TemplateId | null>(null);
  const [missing, setMissing] = useState<TemplateVariable[]>([]);
  const form = useSchemaForm({
    initialValues: { method: 'email', subject: '', message: '' },
    schema: communicationCreateSchema,
    toPayload: body,
    fallback: 'communications.errors.sendFailed',
    translate: translateCommunicationError,
  });
  const { method, message } = form.getValues();

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
    form.setValues({ subject: rendered.subject, message: rendered.message });
    setMissing(rendered.missing);
    form.clearErrors();
  };

  const submit = form.submit((_payload, values) =>
    create.mutate(
      { orderId, body: body(values) },
      {
        onSuccess: () => {
          form.setValues({ subject: '', message: '' });
          setTemplate(null);
          setMissing([]);
        },
        onError: form.fail,
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('communications.compose.title')}>
      <Stack gap="sm">
        <SegmentedControl
          value={method}
          onChange={(value) => {
            form.setFieldValue('method', value);
            form.clearErrors();
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
            {...form.getInputProps('subject')}
            maxLength={COMMUNICATION_LIMITS.subjectMax}
            required
          />
        )}
        <Textarea
          label={t('communications.compose.message')}
          {...form.getInputProps('message')}
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
        <FormFailure failure={form.failure} withFieldFailures />
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
