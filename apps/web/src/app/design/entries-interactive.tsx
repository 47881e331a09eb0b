import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@service-portal/shared/limits';
import { serviceOrderCreateSchema } from '@service-portal/shared/service-orders';
import { formatDay } from '../../lib/dates.ts';
import { schemaErrors, translateFormError } from '../../lib/form-errors.ts';
import { formatAmountInput, formatMoney, parseAmount } from '../../lib/money.ts';
import type { CatalogueEntry } from './catalogue-page.tsx';

// /components-demo: the live examples of inputs, forms and dialogs (one module per design page).

/** The money pattern: typed in the reader's notation, kept as integer minor units with a currency. */
function MoneyInputDemo() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('1250,5');
  const [currency, setCurrency] = useState<Currency>('NOK');
  const parsed = parseAmount(text, currency, i18n.language);
  const error = parsed.ok ? undefined : t('validation.invalidValue');
  return (
    <Stack gap="xs" maw={420}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('serviceOrders.fields.estimatedCost')}
          inputMode="decimal"
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={() => {
            if (parsed.ok && parsed.minor !== null)
              setText(formatAmountInput(parsed.minor, currency, i18n.language));
          }}
          style={{ flex: 1 }}
        />
        <Select
          label={t('serviceOrders.fields.currency')}
          data={[...CURRENCIES]}
          value={currency}
          onChange={(v) => v && setCurrency(v)}
          allowDeselect={false}
          w={100}
        />
      </Group>
      {parsed.ok && parsed.minor !== null && (
        <Text size="sm">
          {t('designDemo.moneyStored', {
            minor: parsed.minor,
            formatted: formatMoney(parsed.minor, currency, i18n.language),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** Dates: the browser's own date field (YYYY-MM-DD on the wire), shown back in the reader's language. */
function DateInputDemo() {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState('2026-03-04');
  return (
    <Stack gap="xs" maw={260}>
      <TextInput
        type="date"
        label={t('serviceOrders.fields.scheduledDate')}
        value={day}
        onChange={(e) => setDay(e.currentTarget.value)}
      />
      <Text size="sm">{day ? formatDay(day, i18n.language) : '—'}</Text>
    </Stack>
  );
}

const demoSchema = serviceOrderCreateSchema.pick({
  title: true,
  customerName: true,
  customerEmail: true,
  customerPhone: true,
});

/** A form with @mantine/form validated by the shared zod schema, messages translated when shown. */
function FormDemo() {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { title: '', customerName: '', customerEmail: 'not-an-address', customerPhone: 'abc' },
    validate: (values) => schemaErrors(demoSchema, values),
  });
  const error = (path: string) => translateFormError(t, form.errors[path]);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(() => {
        notifications.show({ color: 'green', message: t('success.saved') });
      })}
    >
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t('serviceOrders.fields.title')}
          withAsterisk
          key={form.key('title')}
          {...form.getInputProps('title')}
          error={error('title')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerName')}
          withAsterisk
          key={form.key('customerName')}
          {...form.getInputProps('customerName')}
          error={error('customerName')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerEmail')}
          withAsterisk
          key={form.key('customerEmail')}
          {...form.getInputProps('customerEmail')}
          error={error('customerEmail')}
        />
        <TextInput
          label={t('serviceOrders.fields.customerPhone')}
          key={form.key('customerPhone')}
          {...form.getInputProps('customerPhone')}
          error={error('customerPhone')}
        />
        <Group>
          <Button type="submit">{t('designDemo.sample.save')}</Button>
          <Button variant="default" onClick={() => form.reset()}>
            {t('designDemo.sample.reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmDialogDemo() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [answer, setAnswer] = useState<'confirmed' | 'cancelled' | null>(null);
  const close = (result: 'confirmed' | 'cancelled') => {
    setAnswer(result);
    setOpened(false);
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        {t('serviceOrders.delete.button')}
      </Button>
      {answer && <Text size="sm">{t(`designDemo.dialog.${answer}`)}</Text>}
      <Modal opened={opened} onClose={() => close('cancelled')} title={t('designDemo.dialog.title')} centered>
        <Stack>
          <Text>{t('designDemo.dialog.message')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close('cancelled')}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => close('confirmed')}>
              {t('serviceOrders.delete.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function TextareaDemo() {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('serviceOrders.fields.description')}
      placeholder={t('serviceOrders.fields.descriptionPlaceholder')}
      autosize
      minRows={2}
      maw={480}
    />
  );
}

/** /components-demo: inputs, forms and dialogs to try. */
export const INTERACTIVE_ENTRIES: CatalogueEntry[] = [
  {
    id: 'form',
    title: 'designDemo.entries.form.title',
    description: 'designDemo.entries.form.description',
    source: 'lib/form-errors.ts + @mantine/form + @service-portal/shared',
    demo: () => <FormDemo />,
  },
  {
    id: 'money-input',
    title: 'designDemo.entries.moneyInput.title',
    description: 'designDemo.entries.moneyInput.description',
    source: 'lib/money.ts',
    demo: () => <MoneyInputDemo />,
  },
  {
    id: 'date-input',
    title: 'designDemo.entries.dateInput.title',
    description: 'designDemo.entries.dateInput.description',
    source: 'lib/dates.ts',
    demo: () => <DateInputDemo />,
  },
  {
    id: 'textarea',
    title: 'designDemo.entries.textarea.title',
    description: 'designDemo.entries.textarea.description',
    source: '@mantine/core Textarea',
    demo: () => <TextareaDemo />,
  },
  {
    id: 'confirm-dialog',
    title: 'designDemo.entries.confirmDialog.title',
    description: 'designDemo.entries.confirmDialog.description',
    source: '@mantine/core Modal',
    demo: () => <ConfirmDialogDemo />,
  },
];
