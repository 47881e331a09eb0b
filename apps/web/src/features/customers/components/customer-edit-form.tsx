import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_MESSAGES, customerInputSchema } from '@service-portal/shared/customers';
import type { Customer } from '@service-portal/shared/customers';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { problemErrors, schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';

const EMAIL_TAKEN = '#email-taken';

/** Contact data of a customer, validated with the shared schema before it is sent. */
export function CustomerEditForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: customer.name,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    address: customer.address ?? '',
    notes: customer.notes ?? '',
  });
  const [errors, setErrors] = useState<FormErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateCustomer();
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const error = (field: string) =>
    errors[field] === EMAIL_TAKEN ? t('customers.emailTaken') : translateFormError(t, errors[field]);

  const submit = () => {
    const found = schemaErrors(customerInputSchema, values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { id: customer.id, version: customer.version, fields: values },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('success.saved') });
          onDone();
        },
        onError: (e) => {
          const api = toApiFailure(e);
          if (api.kind === 'http' && api.status === 400 && api.problem?.errors?.length) {
            setErrors(problemErrors(api.problem.errors));
            return;
          }
          if (api.kind === 'http' && api.status === 409) {
            if (api.problem?.code === 'version_conflict') setFailure(t('customers.versionConflict'));
            else if (api.problem?.detail === CUSTOMER_MESSAGES.emailTaken) setErrors({ email: EMAIL_TAKEN });
            else setFailure(api.problem?.detail ?? t('errors.generic'));
            return;
          }
          setFailure(formatMessage(t, apiErrorMessage(e, 'customers.saveFailed')));
        },
      },
    );
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
          <TextInput
            label={t('customers.fields.name')}
            required
            value={values.name}
            onChange={set('name')}
            error={error('name')}
          />
          <TextInput
            label={t('customers.fields.email')}
            type="email"
            value={values.email}
            onChange={set('email')}
            error={error('email')}
          />
          <TextInput
            label={t('customers.fields.phone')}
            type="tel"
            value={values.phone}
            onChange={set('phone')}
            error={error('phone')}
          />
          <TextInput
            label={t('customers.fields.address')}
            value={values.address}
            onChange={set('address')}
            error={error('address')}
          />
        </SimpleGrid>
        <Textarea
          label={t('customers.fields.notes')}
          autosize
          minRows={2}
          value={values.notes}
          onChange={set('notes')}
          error={error('notes')}
        />
        {failure !== null && <Text c="red">{failure}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('customers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
