import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  API_SCOPES,
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_EXPIRY_DAYS,
  apiTokenCreateSchema,
} from '@service-portal/shared/api-tokens';
import type { ApiScope, ApiTokenCreated } from '@service-portal/shared/api-tokens';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** New token: name, scopes, expiry; then the secret, once, with a copy button. */
export function CreateApiTokenModal({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('apiTokens.createdTitle') : t('apiTokens.createTitle')}
    >
      {opened && created === null && <CreateApiTokenForm onCreated={setCreated} onCancel={close} />}
      {opened && created !== null && <CreatedSecret created={created} onDone={close} />}
    </Modal>
  );
}

function CreateApiTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: ApiTokenCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const form = useSchemaForm({
    initialValues: {
      name: '',
      scopes: [] as ApiScope[],
      expiresInDays: API_TOKEN_DEFAULT_EXPIRY_DAYS,
    },
    schema: apiTokenCreateSchema,
    fallback: 'errors.apiTokens.create',
  });

  const submit = form.submit((_payload, values) =>
    create.mutate(values, { onSuccess: onCreated, onError: form.fail }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput label={t('apiTokens.fields.name')} required {...form.getInputProps('name')} />
        <Checkbox.Group label={t('apiTokens.fields.scopes')} withAsterisk {...form.getInputProps('scopes')}>
          <Stack gap="xs" mt="xs">
            {API_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <>
                    <Code>{scope}</Code> {t(`apiTokens.scopes.${scope}`)}
                  </>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect
          label={t('apiTokens.fields.expiry')}
          data={API_TOKEN_EXPIRY_DAYS.map((days) => ({
            value: String(days),
            label: t('apiTokens.days', { count: days }),
          }))}
          value={String(form.values.expiresInDays)}
          onChange={(event) => {
            const { value } = event.currentTarget;
            const days = API_TOKEN_EXPIRY_DAYS.find((d) => String(d) === value);
            if (days !== undefined) form.setFieldValue('expiresInDays', days);
          }}
        />
        <FormActions
          failure={form.failure}
          submitLabel={t('apiTokens.create')}
          pending={create.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function CreatedSecret({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow">{t('apiTokens.shownOnce')}</Alert>
      <Text size="sm" fw={600}>
        {created.token.name}
      </Text>
      <Code
        block
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        aria-label={t('apiTokens.secret')}
      >
        {created.secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={created.secret}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('apiTokens.done')}</Button>
      </Group>
    </Stack>
  );
}
