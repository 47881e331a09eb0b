import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@service-portal/shared/limits';
import type { Currency } from '@service-portal/shared/limits';
import {
  ROUNDING_DIRECTIONS,
  ROUNDING_INTERVALS,
  pricingConfigFieldsSchema,
} from '@service-portal/shared/pricing';
import type { PricingConfig, RoundingDirection } from '@service-portal/shared/pricing';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { problemErrors, schemaErrors } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { formatAmountInput, parseAmount } from '../../../lib/money.ts';
import { useUpdatePricing } from '../api/update-pricing.ts';
import { amountError, translatePricingError } from './pricing-messages.ts';

interface Values {
  defaultHourlyRate: string;
  currency: Currency;
  roundingIntervalMinutes: string;
  roundingDirection: RoundingDirection;
  defaultDailyRentalRate: string;
  defaultWeeklyRentalRate: string;
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
  };
}

/** Spec §2 "Basic Settings": the partner's defaults. Remount it (key) to start from new server data. */
export function BasicSettingsForm({ config, onReload }: { config: PricingConfig; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [values, setValues] = useState<Values>(() => initialValues(config, language));
  const [errors, setErrors] = useState<FormErrorMap>({});
  const [conflict, setConflict] = useState(false);
  const update = useUpdatePricing();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrorMap = {};
    const minor: Record<(typeof AMOUNT_FIELDS)[number], number | null> = {
      defaultHourlyRate: null,
      defaultDailyRentalRate: null,
      defaultWeeklyRentalRate: null,
    };
    for (const field of AMOUNT_FIELDS) {
      const parsed = parseAmount(values[field], values.currency, language);
      if (parsed.ok) minor[field] = parsed.minor;
      else found[field] = amountError(parsed);
    }
    const payload = {
      defaultHourlyRate: minor.defaultHourlyRate ?? undefined,
      currency: values.currency,
      roundingIntervalMinutes: Number(values.roundingIntervalMinutes),
      roundingDirection: values.roundingDirection,
      defaultDailyRentalRate: minor.defaultDailyRentalRate,
      defaultWeeklyRentalRate: minor.defaultWeeklyRentalRate,
    };
    const all = { ...schemaErrors(pricingConfigFieldsSchema, payload), ...found };
    setErrors(all);
    if (Object.keys(all).length > 0) return;
    update.mutate(
      { ...payload, defaultHourlyRate: minor.defaultHourlyRate ?? 0, version: config.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('pricing.saved') });
        },
        onError: (error) => {
          const failure = toApiFailure(error);
          if (failure.kind === 'http' && failure.status === 409) {
            setConflict(true);
            return;
          }
          if (failure.kind === 'http' && failure.status === 400 && failure.problem?.errors) {
            setErrors(problemErrors(failure.problem.errors));
          }
          notifications.show({
            color: 'red',
            message: formatMessage(t, apiErrorMessage(error, 'pricing.saveFailed')),
          });
        },
      },
    );
  };

  const error = (field: keyof Values) =>
    errors[field] === undefined ? undefined : translatePricingError(t, errors[field]);

  return (
    <form onSubmit={submit} noValidate aria-label={t('pricing.tabs.basic')}>
      <Stack gap="md" maw={720}>
        {config.isDefault && <Text c="dimmed">{t('pricing.isDefault')}</Text>}
        {conflict && (
          <Alert color="yellow" title={t('pricing.saveFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('pricing.conflict')}</Text>
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
            value={values.defaultHourlyRate}
            onChange={(e) => set('defaultHourlyRate', e.currentTarget.value)}
            error={error('defaultHourlyRate')}
          />
          <NativeSelect
            label={t('pricing.fields.currency')}
            required
            data={[...CURRENCIES]}
            value={values.currency}
            onChange={(e) => set('currency', e.currentTarget.value as Currency)}
            error={error('currency')}
          />
          <NativeSelect
            label={t('pricing.fields.roundingInterval')}
            required
            data={ROUNDING_INTERVALS.map((m) => ({
              value: String(m),
              label: t('pricing.minutes', { count: m }),
            }))}
            value={values.roundingIntervalMinutes}
            onChange={(e) => set('roundingIntervalMinutes', e.currentTarget.value)}
            error={error('roundingIntervalMinutes')}
          />
          <NativeSelect
            label={t('pricing.fields.roundingDirection')}
            required
            data={ROUNDING_DIRECTIONS.map((d) => ({ value: d, label: t(`pricing.directions.${d}`) }))}
            value={values.roundingDirection}
            onChange={(e) => set('roundingDirection', e.currentTarget.value as RoundingDirection)}
            error={error('roundingDirection')}
          />
          <TextInput
            label={t('pricing.fields.dailyRate')}
            description={t('pricing.optional')}
            inputMode="decimal"
            rightSection={<Text size="xs">{values.currency}</Text>}
            value={values.defaultDailyRentalRate}
            onChange={(e) => set('defaultDailyRentalRate', e.currentTarget.value)}
            error={error('defaultDailyRentalRate')}
          />
          <TextInput
            label={t('pricing.fields.weeklyRate')}
            description={t('pricing.optional')}
            inputMode="decimal"
            rightSection={<Text size="xs">{values.currency}</Text>}
            value={values.defaultWeeklyRentalRate}
            onChange={(e) => set('defaultWeeklyRentalRate', e.currentTarget.value)}
            error={error('defaultWeeklyRentalRate')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={conflict}>
            {t('pricing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
