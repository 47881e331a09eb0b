import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@service-portal/shared/limits';
import { rentalProductPricingUpdateSchema } from '@service-portal/shared/pricing';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { formatMoney, parseAmount } from '../../../lib/money.ts';
import {
  useDeleteRentalProductPricing,
  usePutRentalProductPricing,
  useRentalProductPricing,
} from '../api/rental-product-pricing.ts';
import { amountError, translatePricingError } from './pricing-messages.ts';

const EMPTY = { rentalProductId: '', dailyPrice: '', weeklyPrice: '' };

/** What the route module gives this section from the rentals feature (features do not import each other). */
export interface RentalProductSlots {
  /** A picker of the partner's rental units instead of a typed id. */
  picker: (props: {
    value: string;
    onChange: (id: string) => void;
    label: string;
    error?: ReactNode;
    required?: boolean;
  }) => ReactNode;
  /** A unit's name for its id. */
  name: (id: string) => ReactNode;
}

/**
 * A rental product's own daily/weekly price, overriding the partner's defaults for new rentals.
 * With `slots` the product is picked by name; without, it is named by its id.
 */
export function RentalProductPricingSection({
  currency,
  slots,
}: {
  currency: Currency;
  slots?: RentalProductSlots | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useRentalProductPricing();
  const put = usePutRentalProductPricing();
  const remove = useDeleteRentalProductPricing();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrorMap>({});

  const set = (key: keyof typeof EMPTY, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = values.rentalProductId.trim();
    const daily = parseAmount(values.dailyPrice, currency, language);
    const weekly = parseAmount(values.weeklyPrice, currency, language);
    const existing = rows.data?.find((row) => row.rentalProductId === id);
    const payload = {
      dailyPrice: daily.ok ? daily.minor : null,
      weeklyPrice: weekly.ok ? weekly.minor : null,
      version: existing?.version ?? 0,
    };
    const found = schemaErrors(rentalProductPricingUpdateSchema, payload);
    if (!z.uuid().safeParse(id).success)
      found.rentalProductId = slots
        ? 'pricing.messages.rentalProductRequired'
        : 'pricing.messages.productIdInvalid';
    if (!daily.ok) found.dailyPrice = amountError(daily);
    if (!weekly.ok) found.weeklyPrice = amountError(weekly);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    put.mutate(
      { rentalProductId: id, body: payload },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('pricing.savedShort') });
          setValues(EMPTY);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: formatMessage(t, apiErrorMessage(error, 'pricing.addFailed')),
          }),
      },
    );
  };

  const money = (minor: number | null, rowCurrency: Currency) =>
    minor === null ? '—' : formatMoney(minor, rowCurrency, language);
  const error = (field: keyof typeof EMPTY) =>
    errors[field] === undefined ? undefined : translatePricingError(t, errors[field]);

  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        {t('pricing.rental.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('pricing.rental.hint')}
      </Text>
      {rows.isError ? (
        <Text c="red">{formatMessage(t, apiErrorMessage(rows.error, 'pricing.loadFailed'))}</Text>
      ) : rows.data?.length === 0 ? (
        <Text c="dimmed">{t('pricing.rental.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {slots ? t('pricing.fields.rentalProduct') : t('pricing.fields.rentalProductId')}
                </Table.Th>
                <Table.Th>{t('pricing.fields.dailyPrice')}</Table.Th>
                <Table.Th>{t('pricing.fields.weeklyPrice')}</Table.Th>
                <Table.Th>{t('pricing.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data?.map((row) => (
                <Table.Tr key={row.rentalProductId}>
                  {slots ? (
                    <Table.Td>{slots.name(row.rentalProductId)}</Table.Td>
                  ) : (
                    <Table.Td ff="monospace" fz="xs">
                      {row.rentalProductId}
                    </Table.Td>
                  )}
                  <Table.Td>{money(row.dailyPrice, row.currency)}</Table.Td>
                  <Table.Td>{money(row.weeklyPrice, row.currency)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('pricing.delete')} ${slots ? '' : row.rentalProductId}`.trim()}
                      onClick={() =>
                        remove.mutate(row.rentalProductId, {
                          onSuccess: () =>
                            notifications.show({ color: 'green', message: t('pricing.deleted') }),
                          onError: (e) =>
                            notifications.show({
                              color: 'red',
                              message: formatMessage(t, apiErrorMessage(e, 'pricing.deleteFailed')),
                            }),
                        })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Card withBorder maw={720}>
        <form onSubmit={submit} noValidate aria-label={t('pricing.rental.title')}>
          <Stack gap="sm">
            {slots ? (
              slots.picker({
                label: t('pricing.fields.rentalProduct'),
                required: true,
                value: values.rentalProductId,
                onChange: (id) => set('rentalProductId', id),
                error: error('rentalProductId'),
              })
            ) : (
              <TextInput
                label={t('pricing.fields.rentalProductId')}
                required
                value={values.rentalProductId}
                onChange={(e) => set('rentalProductId', e.currentTarget.value)}
                error={error('rentalProductId')}
              />
            )}
            <Group grow wrap="wrap" preventGrowOverflow={false} align="flex-start">
              <TextInput
                label={t('pricing.fields.dailyPrice')}
                inputMode="decimal"
                miw={140}
                rightSection={<Text size="xs">{currency}</Text>}
                value={values.dailyPrice}
                onChange={(e) => set('dailyPrice', e.currentTarget.value)}
                error={error('dailyPrice')}
              />
              <TextInput
                label={t('pricing.fields.weeklyPrice')}
                inputMode="decimal"
                miw={140}
                rightSection={<Text size="xs">{currency}</Text>}
                value={values.weeklyPrice}
                onChange={(e) => set('weeklyPrice', e.currentTarget.value)}
                error={error('weeklyPrice')}
              />
            </Group>
            <Group>
              <Button type="submit" variant="light" loading={put.isPending}>
                {t('pricing.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
