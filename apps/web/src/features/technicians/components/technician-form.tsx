import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { technicianInputSchema } from '@service-portal/shared/technicians';
import type { Technician } from '@service-portal/shared/technicians';
import { FormActions } from '../../../components/form-actions.tsx';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

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

const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'email']);

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
  const form = useSchemaForm({
    initialValues: initial,
    schema: technicianInputSchema,
    fallback: failureKey,
    subject: 'technician',
  });

  return (
    <form noValidate onSubmit={form.submit((_payload, values) => onSave(values, form.fail))}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`technicians.fields.${field}`)}
              required={REQUIRED.has(field)}
              type={field === 'email' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <FormActions
          failure={form.failure}
          submitLabel={submitLabel}
          pending={pending}
          onCancel={onCancel}
          onReload={onReload}
          reloadLabel={t('technicians.reload')}
          withFieldFailures
        />
      </Stack>
    </form>
  );
}
