import type { ReactNode } from 'react';
import { Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@service-portal/shared/limits';
import { RENTAL_MESSAGES, rentalCreateSchema, type Rental } from '@service-portal/shared/rentals';
import { FormActions } from '../../../components/form-actions.tsx';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { parseAmount } from '../../../lib/money.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateRental } from '../api/create-rental.ts';
import { useRentalProductOptions } from '../api/list-rental-product-options.ts';
import { translateRentalError } from './rental-product-form.tsx';
import { addDays } from '@service-portal/shared/zoned-days';

const MESSAGE_KEYS: Partial<Record<string, TranslationKey>> = {
  [RENTAL_MESSAGES.unitRequired]: 'rentals.validation.unitRequired',
  [RENTAL_MESSAGES.customerRequired]: 'rentals.validation.customerRequired',
  [RENTAL_MESSAGES.dateRequired]: 'rentals.validation.dateRequired',
  [RENTAL_MESSAGES.dueBeforeStart]: 'rentals.validation.dueBeforeStart',
  [RENTAL_MESSAGES.startInFuture]: 'rentals.validation.startInFuture',
  [RENTAL_MESSAGES.bookingInPast]: 'rentals.validation.bookingInPast',
  'rentals.validation.nameRequired': 'rentals.validation.nameRequired',
};

/**
 * The customers feature's picker, handed in by the route module (app/routes: features do not
 * import each other).
 */
export type CustomerPickerSlot = (props: {
  label: string;
  value: string;
  onChange: (customerId: string) => void;
  error?: ReactNode;
  required?: boolean;
  nothingFoundMessage?: string;
}) => ReactNode;

export interface RentalFormProps {
  /** Chooses an existing customer. */
  customerPicker: CustomerPickerSlot;
  kind: 'rental' | 'booking';
  opened: boolean;
  onClose: () => void;
  /** The partner's today (YYYY-MM-DD). */
  today: string;
  currency: Currency;
  /** A unit chosen beforehand (the calendar, a product card). */
  rentalProductId?: string | undefined;
  startDate?: string | undefined;
  /** A customer chosen beforehand (started from the customer's page). */
  customerId?: string | undefined;
  onCreated?: (rental: Rental) => void;
}

/** The one form for a new rental (from today) or a booking (future dates). */
export function RentalFormModal(props: RentalFormProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.kind === 'rental' ? t('rentals.form.newRental') : t('rentals.form.newBooking')}
      size="lg"
    >
      {props.opened && <RentalForm {...props} />}
    </Modal>
  );
}

function RentalForm({
  customerPicker,
  kind,
  onClose,
  today,
  currency,
  rentalProductId,
  startDate,
  customerId,
  onCreated,
}: RentalFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const units = useRentalProductOptions();
  const create = useCreateRental();
  const start = startDate ?? (kind === 'rental' ? today : addDays(today, 1));

  const money = (text: string) => (text.trim() === '' ? null : parseAmount(text, currency, lang));
  const form = useSchemaForm({
    initialValues: {
      rentalProductId: rentalProductId ?? '',
      customerMode: 'existing',
      customerId: customerId ?? '',
      newName: '',
      newEmail: '',
      newPhone: '',
      startDate: start,
      dueDate: addDays(start, 2),
      dailyRate: '',
      weeklyRate: '',
      deposit: '',
      notes: '',
    },
    schema: rentalCreateSchema,
    toPayload: (v) => {
      const minor = (text: string) => {
        const parsed = money(text);
        return parsed === null ? undefined : parsed.ok ? (parsed.minor ?? undefined) : -1;
      };
      return {
        rentalProductId: v.rentalProductId,
        customer:
          v.customerMode === 'existing'
            ? { customerId: v.customerId }
            : { newCustomer: { name: v.newName, email: v.newEmail, phone: v.newPhone } },
        startDate: v.startDate,
        dueDate: v.dueDate,
        dailyRate: minor(v.dailyRate),
        weeklyRate: minor(v.weeklyRate),
        deposit: minor(v.deposit) ?? 0,
        notes: v.notes,
      };
    },
    check: (v) => {
      const errors: FormErrorMap = {};
      if (v.customerMode === 'existing' && v.customerId === '')
        errors.customerId = RENTAL_MESSAGES.customerRequired;
      if (v.customerMode === 'new' && v.newName.trim() === '')
        errors.newName = 'rentals.validation.nameRequired';
      for (const field of ['dailyRate', 'weeklyRate', 'deposit'] as const) {
        const parsed = money(v[field]);
        if (parsed !== null && !parsed.ok) errors[field] = 'rentals.validation.amount';
      }
      if (kind === 'rental' && v.startDate > today) errors.startDate = RENTAL_MESSAGES.startInFuture;
      if (kind === 'booking' && v.startDate < today) errors.startDate = RENTAL_MESSAGES.bookingInPast;
      return errors;
    },
    fallback: 'rentals.form.saveFailed',
    subject: 'rental',
    translate: (tr, message) => {
      const key = MESSAGE_KEYS[message];
      return key === undefined ? translateRentalError(tr, message) : tr(key);
    },
  });
  const values = form.getValues();

  const submit = form.submit((body) =>
    create.mutate(
      { kind, body },
      {
        onSuccess: (rental) => {
          notifications.show({
            color: 'green',
            message: kind === 'rental' ? t('rentals.form.rentalCreated') : t('rentals.form.bookingCreated'),
          });
          onCreated?.(rental);
          onClose();
        },
        onError: form.fail,
      },
    ),
  );

  const unitData = (units.data ?? [])
    .filter((u) => u.condition !== 'out_of_order')
    .map((u) => ({
      value: u.id,
      label: `${u.name} · ${u.serialNumber} (${t(`rentals.availability.${u.availability}`)})`,
    }));

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Select
          label={t('rentals.fields.unit')}
          required
          searchable
          data={unitData}
          nothingFoundMessage={t('rentals.form.noUnits')}
          {...form.getInputProps('rentalProductId')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="rental-customer-mode">
            {t('rentals.fields.customer')}
          </Text>
          <SegmentedControl
            aria-labelledby="rental-customer-mode"
            data={[
              { value: 'existing', label: t('rentals.form.existingCustomer') },
              { value: 'new', label: t('rentals.form.newCustomer') },
            ]}
            {...form.getInputProps('customerMode')}
          />
        </Stack>
        {values.customerMode === 'existing' ? (
          customerPicker({
            label: t('rentals.form.chooseCustomer'),
            required: true,
            value: values.customerId,
            onChange: (id) => form.setFieldValue('customerId', id),
            error: form.getInputProps('customerId').error as ReactNode,
            nothingFoundMessage: t('rentals.form.noCustomers'),
          })
        ) : (
          <Group grow wrap="wrap" align="flex-start" preventGrowOverflow={false}>
            <TextInput
              label={t('rentals.fields.customerName')}
              required
              miw={180}
              {...form.getInputProps('newName')}
            />
            <TextInput
              label={t('rentals.fields.email')}
              type="email"
              miw={180}
              {...form.getInputProps('newEmail')}
            />
            <TextInput
              label={t('rentals.fields.phone')}
              type="tel"
              miw={140}
              {...form.getInputProps('newPhone')}
            />
          </Group>
        )}
        <Group grow wrap="wrap" align="flex-start" preventGrowOverflow={false}>
          <TextInput
            label={t('rentals.fields.startDate')}
            type="date"
            required
            miw={150}
            {...form.getInputProps('startDate')}
          />
          <TextInput
            label={t('rentals.fields.dueDate')}
            type="date"
            required
            miw={150}
            {...form.getInputProps('dueDate')}
          />
        </Group>
        <Group grow wrap="wrap" align="flex-start" preventGrowOverflow={false}>
          <TextInput
            label={t('rentals.fields.dailyRate')}
            placeholder={t('rentals.form.fromPricing')}
            inputMode="decimal"
            miw={130}
            rightSection={<Text size="xs">{currency}</Text>}
            {...form.getInputProps('dailyRate')}
          />
          <TextInput
            label={t('rentals.fields.weeklyRate')}
            placeholder={t('rentals.form.fromPricing')}
            inputMode="decimal"
            miw={130}
            rightSection={<Text size="xs">{currency}</Text>}
            {...form.getInputProps('weeklyRate')}
          />
          <TextInput
            label={t('rentals.fields.deposit')}
            inputMode="decimal"
            miw={130}
            rightSection={<Text size="xs">{currency}</Text>}
            {...form.getInputProps('deposit')}
          />
        </Group>
        <Textarea label={t('rentals.fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        <FormActions
          failure={form.failure}
          submitLabel={kind === 'rental' ? t('rentals.form.submitRental') : t('rentals.form.submitBooking')}
          pending={create.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
