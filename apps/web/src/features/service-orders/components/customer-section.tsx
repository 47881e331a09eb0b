import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import { FormSection } from './form-section.tsx';

export function CustomerSection({ form }: { form: ServiceOrderForm }) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('serviceOrders.form.customerSection')}
      description={t('serviceOrders.form.customerSectionHint')}
      icon={<IconUser size={20} />}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('serviceOrders.fields.customerName')}
          withAsterisk
          autoComplete="name"
          key={form.key('customerName')}
          {...form.getInputProps('customerName')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerEmail')}
          withAsterisk
          type="email"
          autoComplete="email"
          key={form.key('customerEmail')}
          {...form.getInputProps('customerEmail')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerPhone')}
          type="tel"
          autoComplete="tel"
          placeholder="+47 912 34 567"
          key={form.key('customerPhone')}
          {...form.getInputProps('customerPhone')}
        />
        <Textarea
          label={t('serviceOrders.fields.customerAddress')}
          autosize
          minRows={1}
          maxRows={4}
          autoComplete="street-address"
          key={form.key('customerAddress')}
          {...form.getInputProps('customerAddress')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
