import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { validationKey } from '@service-portal/shared/validation';
import { uploadVerifySchema, type UploadVerify } from '@service-portal/shared/upload-links';
import { formatMessage, type UiMessage } from '../../../lib/api-errors.ts';
import { schemaErrors, translateFormError } from '../../../lib/form-errors.ts';

interface VerifyFormProps {
  intro?: string | undefined;
  submitLabel: string;
  pending: boolean;
  failure: UiMessage | null;
  onSubmit: (values: UploadVerify) => void;
}

/** Phone number and serial number, checked with the shared schema before anything is sent. */
export function VerifyForm({ intro, submitLabel, pending, failure, onSubmit }: VerifyFormProps) {
  const { t } = useTranslation();
  const form = useForm<UploadVerify>({
    initialValues: { phoneNumber: '', serialNumber: '' },
    validate: (values) => {
      const errors = schemaErrors(uploadVerifySchema, values);
      // Spec §5: one message when either is missing, shown once under the form.
      return errors;
    },
  });
  const errors = form.errors;
  const bothMissing = [errors.phoneNumber, errors.serialNumber].some(
    (e) => typeof e === 'string' && validationKey(e) === 'uploadLookupRequired',
  );
  const fieldError = (name: keyof UploadVerify) => {
    const e = errors[name];
    if (!e || bothMissing) return bothMissing && e ? true : undefined;
    return translateFormError(t, e);
  };
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(uploadVerifySchema.parse(values)))} noValidate>
      <Stack gap="sm">
        {intro !== undefined && <Text size="sm">{intro}</Text>}
        <TextInput
          label={t('uploads.verify.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          {...form.getInputProps('phoneNumber')}
          error={fieldError('phoneNumber')}
        />
        <TextInput
          label={t('uploads.verify.serial')}
          description={t('uploads.verify.serialHelp')}
          autoComplete="off"
          autoCapitalize="characters"
          required
          {...form.getInputProps('serialNumber')}
          error={fieldError('serialNumber')}
        />
        {bothMissing && (
          <Text size="sm" c="red" role="alert">
            {t('validation.uploadLookupRequired')}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {formatMessage(t, failure)}
          </Alert>
        )}
        <Button type="submit" loading={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
