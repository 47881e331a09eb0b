import type { ReactNode } from 'react';
import { Anchor, Checkbox, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { Currency } from '@service-portal/shared/limits';
import {
  RENTAL_CONDITIONS,
  RENTAL_MESSAGES,
  rentalProductInputSchema,
  type RentalProduct,
} from '@service-portal/shared/rentals';
import { FormActions } from '../../../components/form-actions.tsx';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { formatAmountInput, parseAmount } from '../../../lib/money.ts';
import { translateFormError, type FormErrorMap } from '../../../lib/form-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveRentalProduct } from '../api/save-rental-product.ts';
import { ScanButton } from '../../../components/scan-button.tsx';

/** A slot for the catalogue product picker (the route module composes the products feature's). */
export type CatalogProductPicker = (props: {
  value: string | null;
  onChange: (id: string | null) => void;
}) => ReactNode;

const MESSAGE_KEYS: Partial<Record<string, TranslationKey>> = {
  [RENTAL_MESSAGES.nameRequired]: 'rentals.validation.nameRequired',
  [RENTAL_MESSAGES.serialRequired]: 'rentals.validation.serialRequired',
  [RENTAL_MESSAGES.serialTaken]: 'rentals.validation.serialTaken',
  [RENTAL_MESSAGES.amountNegative]: 'rentals.validation.amount',
  [RENTAL_MESSAGES.amountTooHigh]: 'rentals.validation.amount',
  'rentals.validation.amount': 'rentals.validation.amount',
  [RENTAL_MESSAGES.dateRequired]: 'rentals.validation.dateRequired',
};

export function translateRentalError(t: TFunction, message: string): ReactNode {
  const key = MESSAGE_KEYS[message];
  return key === undefined ? translateFormError(t, message) : t(key);
}

interface Props {
  product: RentalProduct | null;
  opened: boolean;
  onClose: () => void;
  currency: Currency;
  catalogProductPicker?: CatalogProductPicker | undefined;
  /** Where the unit's change history is: a link below the form of an existing unit. */
  historyHref?: ((rentalProductId: string) => string) | undefined;
}

export function RentalProductFormModal({
  product,
  opened,
  onClose,
  currency,
  catalogProductPicker,
  historyHref,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product === null ? t('rentals.products.createTitle') : t('rentals.products.editTitle')}
    >
      {opened && (
        <RentalProductForm
          key={product?.id ?? 'new'}
          product={product}
          currency={currency}
          onDone={onClose}
          catalogProductPicker={catalogProductPicker}
        />
      )}
      {opened && product !== null && historyHref && (
        <Anchor component={Link} to={historyHref(product.id)} mt="md" display="block">
          {t('rentals.history')}
        </Anchor>
      )}
    </Modal>
  );
}

function RentalProductForm({
  product,
  currency,
  onDone,
  catalogProductPicker,
}: {
  product: RentalProduct | null;
  currency: Currency;
  onDone: () => void;
  catalogProductPicker?: CatalogProductPicker | undefined;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveRentalProduct();
  const parseFee = (text: string) =>
    text.trim() === '' ? { ok: true as const, minor: 0 } : parseAmount(text, currency, i18n.language);
  const form = useSchemaForm({
    initialValues: {
      name: product?.name ?? '',
      serialNumber: product?.serialNumber ?? '',
      condition: product?.condition ?? 'new',
      isActive: product?.isActive ?? true,
      catalogProductId: product?.catalogProductId ?? null,
      lateFeePerDay: product ? formatAmountInput(product.lateFeePerDay, currency, i18n.language) : '',
      notes: product?.notes ?? '',
    },
    schema: rentalProductInputSchema,
    toPayload: (v) => {
      const fee = parseFee(v.lateFeePerDay);
      return { ...v, lateFeePerDay: fee.ok ? (fee.minor ?? 0) : -1 };
    },
    check: (v): FormErrorMap =>
      parseFee(v.lateFeePerDay).ok ? {} : { lateFeePerDay: 'rentals.validation.amount' },
    fallback: 'rentals.products.saveFailed',
    subject: 'rental',
    translate: translateRentalError,
  });

  const submit = form.submit((draft) =>
    save.mutate(
      { ...(product ? { id: product.id, version: product.version } : {}), draft },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('rentals.products.saved') });
          onDone();
        },
        onError: form.fail,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput label={t('rentals.fields.name')} required {...form.getInputProps('name')} />
        <TextInput
          label={t('rentals.fields.serialNumber')}
          required
          {...form.getInputProps('serialNumber')}
          rightSection={
            <ScanButton
              label={t('rentals.fields.serialNumber')}
              onScan={(text) => form.setFieldValue('serialNumber', text)}
            />
          }
        />
        <Select
          label={t('rentals.fields.condition')}
          required
          allowDeselect={false}
          data={RENTAL_CONDITIONS.map((c) => ({ value: c, label: t(`rentals.condition.${c}`) }))}
          {...form.getInputProps('condition')}
        />
        <TextInput
          label={t('rentals.fields.lateFeePerDay')}
          inputMode="decimal"
          rightSection={<Text size="xs">{currency}</Text>}
          {...form.getInputProps('lateFeePerDay')}
        />
        {catalogProductPicker?.({
          value: form.getValues().catalogProductId,
          onChange: (id) => form.setFieldValue('catalogProductId', id),
        })}
        <Textarea label={t('rentals.fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        <Checkbox
          label={t('rentals.fields.active')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <FormActions
          failure={form.failure}
          submitLabel={t('rentals.save')}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
