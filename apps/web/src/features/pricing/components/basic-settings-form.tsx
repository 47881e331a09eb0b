import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@service-portal/shared/limits';
import type { Currency } from '@service-portal/shared/limits';
import { SERVICE_TYPES } from '@service-portal/shared/service-orders';
import type { ServiceType } from '@service-portal/shared/service-orders';
import {
  ROUNDING_DIRECTIONS,
  ROUNDING_INTERVALS,
  DEFAULT_VAT_RATE,
  DEFAULT_ESTIMATE_REMINDER_DAYS,
  pricingConfigFieldsSchema,
} from '@service-portal/shared/pricing';
import type { PricingConfig, RoundingDirection } from '@service-portal/shared/pricing';
import { DEFAULT_PARTNER_WORKING_DAYS } from '@service-portal/shared/schedule';
import { formatMessage } from '../../../lib/api-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { formatAmountInput, parseAmount } from '../../../lib/money.ts';
import { useUpdatePricing } from '../api/update-pricing.ts';
import { amountError, translatePricingError } from './pricing-messages.ts';

interface Values extends Record<string, unknown> {
  defaultHourlyRate: string;
  currency: Currency;
  roundingIntervalMinutes: string;
  roundingDirection: RoundingDirection;
  defaultDailyRentalRate: string;
  defaultWeeklyRentalRate: string;
  /** Minutes per service type as typed; empty: no default (issue 25). */
  defaultDurations: Record<ServiceType, string>;
  /** Percent as typed ("25", "12,5"); estimates and service reports add it (issue 27). */
  vatRate: string;
  /** Days before an estimate expires the customer is reminded, as typed; 0 = no reminder. */
  estimateReminderDays: string;
  /** Monday..Sunday: the weekdays the partner works (the board's closed days otherwise). */
  workingDays: boolean[];
}

/** A typed percentage: a comma reads as the decimal point; empty is not a rate. */
function vatPercent(value: string): number {
  const text = value.trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/** Typed whole days: empty is not a number (the schema asks for one). */
function wholeDays(value: string): number {
  const text = value.trim();
  return text === '' ? Number.NaN : Number(text);
}

/** Monday..Sunday in the reader's language (2024-01-01 was a Monday). */
function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** A duration field's minutes: empty → null (no default); anything else goes to the schema as a number. */
function durationMinutes(value: string): number | null {
  const text = value.trim();
  return text === '' ? null : Number(text);
}

const AMOUNT_FIELDS = ['defaultHourlyRate', 'defaultDailyRentalRate', 'defaultWeeklyRentalRate'] as const;

function initialValues(config: PricingConfig, language: string): Values {
  const amount = (minor: number | null) =>
    minor === null ? '' : formatAmountInput(minor, config.currency, language);
  return {
    defaultHourlyRate: amount(config.defaultHourlyRate),
    currency: config.currency,
    roundingIntervalMinutes: String(config.roundingIntervalMinutes),
    roundingDirection: config.roundingDirection,
    defaultDailyRentalRate: amount(config.defaultDailyRentalRate),
    defaultWeeklyRentalRate: amount(config.defaultWeeklyRentalRate),
    defaultDurations: Object.fromEntries(
      SERVICE_TYPES.map((type) => {
        const minutes = config.defaultDurations?.[type] ?? null;
        return [type, minutes === null ? '' : String(minutes)];
      }),
    ) as Record<ServiceType, string>,
    vatRate: (config.vatRate ?? DEFAULT_VAT_RATE).toLocaleString(language, { maximumFractionDigits: 2 }),
    estimateReminderDays: String(config.estimateReminderDays ?? DEFAULT_ESTIMATE_REMINDER_DAYS),
    workingDays: [...(config.workingDays ?? DEFAULT_PARTNER_WORKING_DAYS)],
  };
}

/** Minor units of the amount fields, and the message of each one that does not parse. */
function amounts(values: Values, language: string) {
  const minor: Record<(typeof AMOUNT_FIELDS)[number], number | null> = {
    defaultHourlyRate: null,
    defaultDailyRentalRate: null,
    defaultWeeklyRentalRate: null,
  };
  const errors: FormErrorMap = {};
  for (const field of AMOUNT_FIELDS) {
    const parsed = parseAmount(values[field], values.currency, language);
    if (parsed.ok) minor[field] = parsed.minor;
    else errors[field] = amountError(parsed);
  }
  return { minor, errors };
}

/** Spec §2 "Basic Settings": the partner's defaults. Remount it (key) to start from new server data. */
export function BasicSettingsForm({ config, onReload }: { config: PricingConfig; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const update = useUpdatePricing();
  const form = useSchemaForm({
    initialValues: initialValues(config, language),
    schema: pricingConfigFieldsSchema,
    toPayload: (values: Values) => {
      const { minor } = amounts(values, language);
      return {
        defaultHourlyRate: minor.defaultHourlyRate ?? undefined,
        currency: values.currency,
        roundingIntervalMinutes: Number(values.roundingIntervalMinutes),
        roundingDirection: values.roundingDirection,
        defaultDailyRentalRate: minor.defaultDailyRentalRate,
        defaultWeeklyRentalRate: minor.defaultWeeklyRentalRate,
        defaultDurations: Object.fromEntries(
          SERVICE_TYPES.map((type) => [type, durationMinutes(values.defaultDurations[type])]),
        ) as Record<ServiceType, number | null>,
        vatRate: vatPercent(values.vatRate),
        estimateReminderDays: wholeDays(values.estimateReminderDays),
        workingDays: values.workingDays,
      };
    },
    check: (values) => amounts(values, language).errors,
    fallback: 'pricing.saveFailed',
    subject: 'pricing',
    translate: translatePricingError,
  });
  const conflict = form.failure?.kind === 'versionConflict' ? form.failure : null;
  const values = form.getValues();
  const workingDaysError = form.getInputProps('workingDays').error as ReactNode;
  const reminderDays = wholeDays(values.estimateReminderDays);
  const reminderHint =
    reminderDays === 0
      ? t('pricing.fields.reminderDaysOff')
      : Number.isInteger(reminderDays) && reminderDays > 0
        ? t('pricing.fields.reminderDaysHint', { count: reminderDays })
        : undefined;

  const submit = form.submit((payload) =>
    update.mutate(
      { ...payload, version: config.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('pricing.saved') });
        },
        onError: (error) => {
          const outcome = form.fail(error);
          if (outcome.kind !== 'versionConflict')
            notifications.show({ color: 'red', message: formatMessage(t, outcome.message) });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('pricing.tabs.basic')}>
      <Stack gap="md" maw={720}>
        {config.isDefault && <Text c="dimmed">{t('pricing.isDefault')}</Text>}
        {conflict && (
          <Alert color="yellow" title={t('pricing.saveFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{formatMessage(t, conflict.message)}</Text>
              <Button size="xs" variant="light" onClick={onReload}>
                {t('pricing.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('pricing.fields.hourlyRate')}
            required
            inputMode="decimal"
            rightSection={<Text size="xs">{values.currency}</Text>}
            {...form.getInputProps('defaultHourlyRate')}
          />
          <NativeSelect
            label={t('pricing.fields.currency')}
            required
            data={[...CURRENCIES]}
            {...form.getInputProps('currency')}
          />
          <NativeSelect
            label={t('pricing.fields.roundingInterval')}
            required
            data={ROUNDING_INTERVALS.map((m) => ({
              value: String(m),
              label: t('pricing.minutes', { count: m }),
            }))}
            {...form.getInputProps('roundingIntervalMinutes')}
          />
          <NativeSelect
            label={t('pricing.fields.roundingDirection')}
            required
            data={ROUNDING_DIRECTIONS.map((d) => ({ value: d, label: t(`pricing.directions.${d}`) }))}
            {...form.getInputProps('roundingDirection')}
          />
          <TextInput
            label={t('pricing.fields.vatRate')}
            description={t('pricing.fields.vatRateHint')}
            required
            inputMode="decimal"
            rightSection={<Text size="xs">%</Text>}
            {...form.getInputProps('vatRate')}
          />
          <TextInput
            label={t('pricing.fields.reminderDays')}
            description={reminderHint}
            required
            inputMode="numeric"
            {...form.getInputProps('estimateReminderDays')}
          />
          <TextInput
            label={t('pricing.fields.dailyRate')}
            description={t('pricing.optional')}
            inputMode="decimal"
            rightSection={<Text size="xs">{values.currency}</Text>}
            {...form.getInputProps('defaultDailyRentalRate')}
          />
          <TextInput
            label={t('pricing.fields.weeklyRate')}
            description={t('pricing.optional')}
            inputMode="decimal"
            rightSection={<Text size="xs">{values.currency}</Text>}
            {...form.getInputProps('defaultWeeklyRentalRate')}
          />
        </SimpleGrid>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm">
            {t('pricing.durations.title')}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('pricing.durations.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {SERVICE_TYPES.map((type) => (
              <TextInput
                key={type}
                label={t('pricing.durations.field', { type: t(`pricing.durations.types.${type}`) })}
                description={t('pricing.durations.minutes')}
                inputMode="numeric"
                {...form.getInputProps(`defaultDurations.${type}`)}
              />
            ))}
          </SimpleGrid>
        </fieldset>
        <Checkbox.Group
          label={t('pricing.workingDays.title')}
          description={t('pricing.workingDays.hint')}
          value={values.workingDays.flatMap((works, i) => (works ? [String(i)] : []))}
          onChange={(picked) =>
            form.setFieldValue(
              'workingDays',
              values.workingDays.map((_, i) => picked.includes(String(i))),
            )
          }
          error={workingDaysError}
        >
          <Group gap="md" mt="xs">
            {weekdayNames(language).map((name, i) => (
              <Checkbox key={name} value={String(i)} label={name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={conflict !== null}>
            {t('pricing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
