import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TECHNICIAN_CONFLICTS, technicianInputSchema } from '@service-portal/shared/technicians';
import type { Technician } from '@service-portal/shared/technicians';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { problemErrors, schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'jobTitle', 'department'] as const;
type Field = (typeof FIELDS)[number];
export type TechnicianFormValues = Record<Field, string>;

export const EMPTY_TECHNICIAN: TechnicianFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  jobTitle: '',
  department: '',
};

export function technicianFormValues(technician: Technician): TechnicianFormValues {
  return {
    firstName: technician.firstName,
    lastName: technician.lastName,
    email: technician.email,
    phoneNumber: technician.phoneNumber ?? '',
    jobTitle: technician.jobTitle ?? '',
    department: technician.department ?? '',
  };
}

const EMAIL_TAKEN = '#email-taken';
const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'email']);

/** A failed save: someone else saved first (409 version_conflict), or any other failure's text. */
type SaveFailure = { conflict: true } | { conflict: false; message: string };

interface TechnicianFormProps {
  initial: TechnicianFormValues;
  submitLabel: string;
  pending: boolean;
  /** Screen's own message for a refused save ("Failed to create technician."). */
  failureKey: TranslationKey;
  /** Sends valid values; calls `onError` with the failed call's error. */
  onSave: (values: TechnicianFormValues, onError: (error: unknown) => void) => void;
  onCancel: () => void;
  /** After a version conflict: loads the technician as it is now (the form starts over from it). */
  onReload?: () => void;
}

/**
 * The technician's contact fields, checked with the shared schema before anything is sent; used
 * by the add modal and the detail page's edit form, so both show the same fields and messages.
 */
export function TechnicianForm({
  initial,
  submitLabel,
  pending,
  failureKey,
  onSave,
  onCancel,
  onReload,
}: TechnicianFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrorMap>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const submit = () => {
    const found = schemaErrors(technicianInputSchema, values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    onSave(values, (error) => {
      const api = toApiFailure(error);
      if (api.kind === 'http' && api.status === 409 && api.problem?.code === 'version_conflict') {
        setFailure({ conflict: true });
        return;
      }
      if (api.kind === 'http' && api.status === 400 && api.problem?.errors?.length) {
        setErrors(problemErrors(api.problem.errors));
      } else if (
        api.kind === 'http' &&
        api.status === 409 &&
        api.problem?.detail === TECHNICIAN_CONFLICTS.emailTaken
      ) {
        setErrors({ email: EMAIL_TAKEN });
      }
      setFailure({ conflict: false, message: formatMessage(t, apiErrorMessage(error, failureKey)) });
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`technicians.fields.${field}`)}
              required={REQUIRED.has(field)}
              type={field === 'email' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
              value={values[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
              }}
              error={
                errors[field] === EMAIL_TAKEN
                  ? t('technicians.emailTaken')
                  : translateFormError(t, errors[field])
              }
            />
          ))}
        </SimpleGrid>
        {failure?.conflict === true && (
          <Alert color="orange" role="alert">
            <Group justify="space-between" gap="xs">
              <span>{t('technicians.versionConflict')}</span>
              {onReload && (
                <Button size="xs" variant="light" color="orange" onClick={onReload}>
                  {t('technicians.reload')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {failure?.conflict === false && (
          <Text c="red" role="alert">
            {failure.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
