import { Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { customerInputSchema } from '@service-portal/shared/customers';
import type { Customer } from '@service-portal/shared/customers';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import { DuplicateWarning, useDuplicateCustomers } from './duplicate-warning.tsx';

function NewCustomerForm({ onClose, onCreated }: { onClose: () => void; onCreated: (c: Customer) => void }) {
  const { t } = useTranslation();
  const create = useCreateCustomer();
  const form = useSchemaForm({
    initialValues: { name: '', email: '', phone: '', address: '', notes: '' },
    schema: customerInputSchema,
    fallback: 'customers.saveFailed',
    subject: 'customer',
  });
  const values = form.getValues();
  const duplicates = useDuplicateCustomers(values.email, values.phone);

  return (
    <form
      noValidate
      aria-label={t('customers.create.title')}
      onSubmit={form.submit((_payload, fields) =>
        create.mutate(fields, {
          onSuccess: (customer) => {
            notifications.show({ color: 'green', message: t('customers.create.created') });
            onCreated(customer);
          },
          onError: form.fail,
        }),
      )}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('customers.fields.name')}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput label={t('customers.fields.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('customers.fields.phone')} type="tel" {...form.getInputProps('phone')} />
          <TextInput label={t('customers.fields.address')} {...form.getInputProps('address')} />
        </SimpleGrid>
        <Textarea label={t('customers.fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        <DuplicateWarning duplicates={duplicates} />
        <FormActions
          failure={form.failure}
          submitLabel={t('customers.create.submit')}
          pending={create.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

/** "New customer" (issue 31 item 10): create a customer directly, warned of a likely duplicate. */
export function NewCustomerDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (customer: Customer) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('customers.create.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <NewCustomerForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
