import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TECHNICIAN_CONFLICTS, technicianInputSchema } from '@service-portal/shared/technicians';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { problemErrors, schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { useCreateTechnician } from '../api/create-technician.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'jobTitle', 'department'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  jobTitle: '',
  department: '',
};
const EMAIL_TAKEN = '#email-taken';
const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'email']);

export function AddTechnicianModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('technicians.addTitle')} size="lg">
      {opened && <AddTechnicianForm onDone={onClose} />}
    </Modal>
  );
}

function AddTechnicianForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateTechnician();

  const submit = () => {
    const found = schemaErrors(technicianInputSchema, values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('success.technicianCreated') });
        onDone();
      },
      onError: (error) => {
        const api = toApiFailure(error);
        if (api.kind === 'http' && api.status === 400 && api.problem?.errors?.length) {
          setErrors(problemErrors(api.problem.errors));
        } else if (
          api.kind === 'http' &&
          api.status === 409 &&
          api.problem?.detail === TECHNICIAN_CONFLICTS.emailTaken
        ) {
          setErrors({ email: EMAIL_TAKEN });
        }
        setFailure(formatMessage(t, apiErrorMessage(error, 'errors.createTechnician')));
      },
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
        {failure !== null && (
          <Text c="red" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('technicians.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
