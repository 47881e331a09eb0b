import { Checkbox, Code, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, webhookEndpointCreateSchema } from '@service-portal/shared/webhooks';
import type { WebhookEndpoint, WebhookEventType } from '@service-portal/shared/webhooks';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';

interface Props {
  /** `null`: a new endpoint; otherwise the endpoint changed. */
  endpoint: WebhookEndpoint | null;
  opened: boolean;
  onClose: () => void;
}

/** An endpoint's address, the events it wants and a description. */
export function WebhookFormModal({ endpoint, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      size="lg"
    >
      {opened && <WebhookForm endpoint={endpoint} onDone={onClose} />}
    </Modal>
  );
}

function WebhookForm({ endpoint, onDone }: { endpoint: WebhookEndpoint | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useSchemaForm({
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? ([] as WebhookEventType[]),
      enabled: endpoint?.enabled ?? true,
    },
    schema: webhookEndpointCreateSchema,
    fallback: endpoint ? 'webhooks.errors.update' : 'webhooks.errors.create',
    subject: 'webhook',
  });

  const submit = form.submit((_payload, values) => {
    if (endpoint)
      update.mutate({ id: endpoint.id, input: values }, { onSuccess: onDone, onError: form.fail });
    else create.mutate(values, { onSuccess: onDone, onError: form.fail });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('webhooks.fields.url')}
          description={t('webhooks.urlHint')}
          placeholder="https://"
          type="url"
          required
          {...form.getInputProps('url')}
        />
        <Textarea
          label={t('webhooks.fields.description')}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group label={t('webhooks.fields.events')} withAsterisk {...form.getInputProps('events')}>
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <>
                    <Code>{type}</Code> {t(`webhooks.events.${type}`)}
                  </>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label={t('webhooks.fields.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <FormActions
          failure={form.failure}
          submitLabel={endpoint ? t('webhooks.save') : t('webhooks.create')}
          pending={create.isPending || update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
