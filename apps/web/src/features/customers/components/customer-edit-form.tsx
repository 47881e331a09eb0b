import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { customerInputSchema } from '@service-portal/shared/customers';
import type { Customer } from '@service-portal/shared/customers';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { EDIT_FORM } from './customer-edit-names.ts';
import { DuplicateWarning, useDuplicateCustomers } from './duplicate-warning.tsx';

/** Contact data of a customer, validated with the shared schema before it is sent. */
export function CustomerEditForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer();
  const form = useSchemaForm({
    initialValues: {
      name: customer.name,
      email: customer.email ?? '',
      phone: customer.phone ?? '',
      address: customer.address ?? '',
      notes: customer.notes ?? '',
    },
    schema: customerInputSchema,
    fallback: 'customers.saveFailed',
    subject: 'customer',
    draft: EDIT_FORM,
  });
  const values = form.getValues();
  const duplicates = useDuplicateCustomers(values.email, values.phone, customer.id);

  return (
    <form
      noValidate
      // The saved copy has a new version, and the page keys this form by it: the form is remounted
      // before the save settles, which drops `mutate`'s own callbacks. The promise still answers.
      onSubmit={form.submit((_payload, fields) => {
        void update.mutateAsync({ id: customer.id, version: customer.version, fields }).then(() => {
          notifications.show({ color: 'green', message: t('success.saved') });
          onDone();
        }, form.fail);
      })}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('customers.fields.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('customers.fields.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('customers.fields.phone')} type="tel" {...form.getInputProps('phone')} />
          <TextInput label={t('customers.fields.address')} {...form.getInputProps('address')} />
        </SimpleGrid>
        <Textarea label={t('customers.fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        <DuplicateWarning duplicates={duplicates} />
        <FormActions
          failure={form.failure}
          submitLabel={t('customers.save')}
          pending={update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
