import { NumberInput, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { partnerProductInputSchema } from '@service-portal/shared/products';
import type { Product } from '@service-portal/shared/products';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSavePartnerProduct } from '../api/save-partner-product.ts';

/** The partner's own notes and service interval on a product (the ONE form path). */
export function PartnerFieldsForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePartnerProduct();
  const form = useSchemaForm({
    initialValues: {
      notes: product.partner.notes ?? '',
      serviceIntervalMonths: product.partner.serviceIntervalMonths ?? '',
    },
    schema: partnerProductInputSchema,
    toPayload: (values) => ({
      notes: values.notes.trim() || null,
      serviceIntervalMonths:
        values.serviceIntervalMonths === '' ? null : Number(values.serviceIntervalMonths),
      version: product.partner.version,
    }),
    fallback: 'products.saveFailed',
  });

  const submit = form.submit((payload) =>
    save.mutate(
      { id: product.id, ...payload },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('success.updated') });
          onDone();
        },
        onError: form.fail,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Textarea label={t('products.fields.notes')} autosize minRows={3} {...form.getInputProps('notes')} />
        <NumberInput
          label={t('products.fields.serviceIntervalMonths')}
          min={1}
          max={240}
          allowDecimal={false}
          {...form.getInputProps('serviceIntervalMonths')}
        />
        <FormActions
          failure={form.failure}
          submitLabel={t('products.save')}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
