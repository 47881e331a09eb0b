import { useState } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@service-portal/shared/limits';
import { rentalProductPricingUpdateSchema } from '@service-portal/shared/pricing';
import type { RentalProductPricing } from '@service-portal/shared/pricing';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { formatMoney, parseAmount } from '../../../lib/money.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  useDeleteRentalProductPricing,
  usePutRentalProductPricing,
  useRentalProductPricing,
} from '../api/rental-product-pricing.ts';
import { DeleteRuleDialog, showDeletedWithUndo } from './delete-rule.tsx';
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
  const versionOf = (id: string) => rows.data?.find((row) => row.rentalProductId === id)?.version ?? 0;
  const form = useSchemaForm({
    initialValues: EMPTY,
    schema: rentalProductPricingUpdateSchema,
    toPayload: (values: typeof EMPTY) => {
      const daily = parseAmount(values.dailyPrice, currency, language);
      const weekly = parseAmount(values.weeklyPrice, currency, language);
      return {
        dailyPrice: daily.ok ? daily.minor : null,
        weeklyPrice: weekly.ok ? weekly.minor : null,
        version: versionOf(values.rentalProductId.trim()),
      };
    },
    // The unit and amounts that do not parse are the browser's own checks.
    check: (values) => {
      const found: FormErrorMap = {};
      if (!z.uuid().safeParse(values.rentalProductId.trim()).success)
        found.rentalProductId = slots
          ? 'pricing.messages.rentalProductRequired'
          : 'pricing.messages.productIdInvalid';
      const daily = parseAmount(values.dailyPrice, currency, language);
      const weekly = parseAmount(values.weeklyPrice, currency, language);
      if (!daily.ok) found.dailyPrice = amountError(daily);
      if (!weekly.ok) found.weeklyPrice = amountError(weekly);
      return found;
    },
    fallback: 'pricing.addFailed',
    subject: 'pricing',
    translate: translatePricingError,
  });

  const submit = form.submit((body, values) =>
    put.mutate(
      { rentalProductId: values.rentalProductId.trim(), body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('pricing.savedShort') });
          form.setValues(EMPTY);
        },
        onError: (error) =>
          notifications.show({ color: 'red', message: formatMessage(t, form.fail(error).message) }),
      },
    ),
  );

  // Asked first, then "Undo" for 10 s puts the same prices back (issue 31 item 8).
  const [deleting, setDeleting] = useState<RentalProductPricing | null>(null);
  const del = (row: RentalProductPricing) =>
    remove.mutate(row.rentalProductId, {
      onSuccess: () => {
        setDeleting(null);
        const { rentalProductId, dailyPrice, weeklyPrice } = row;
        showDeletedWithUndo(t, () =>
          put.mutateAsync({ rentalProductId, body: { dailyPrice, weeklyPrice, version: 0 } }),
        );
      },
      onError: (e) => {
        setDeleting(null);
        notifications.show({
          color: 'red',
          message: formatMessage(t, apiErrorMessage(e, 'pricing.deleteFailed')),
        });
      },
    });

  const money = (minor: number | null, rowCurrency: Currency) =>
    minor === null ? '—' : formatMoney(minor, rowCurrency, language);

  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        {t('pricing.rental.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('pricing.rental.hint')}
      </Text>
      <DeleteRuleDialog
        rule={
          deleting && {
            name: slots ? slots.name(deleting.rentalProductId) : deleting.rentalProductId,
            price: [
              `${t('pricing.fields.dailyPrice')}: ${money(deleting.dailyPrice, deleting.currency)}`,
              `${t('pricing.fields.weeklyPrice')}: ${money(deleting.weeklyPrice, deleting.currency)}`,
            ].join(', '),
          }
        }
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && del(deleting)}
      />
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
                      onClick={() => setDeleting(row)}
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
                value: form.getValues().rentalProductId,
                onChange: (id) => form.setFieldValue('rentalProductId', id),
                error: form.getInputProps('rentalProductId').error as ReactNode,
              })
            ) : (
              <TextInput
                label={t('pricing.fields.rentalProductId')}
                required
                {...form.getInputProps('rentalProductId')}
              />
            )}
            <Group grow wrap="wrap" preventGrowOverflow={false} align="flex-start">
              <TextInput
                label={t('pricing.fields.dailyPrice')}
                inputMode="decimal"
                miw={140}
                rightSection={<Text size="xs">{currency}</Text>}
                {...form.getInputProps('dailyPrice')}
              />
              <TextInput
                label={t('pricing.fields.weeklyPrice')}
                inputMode="decimal"
                miw={140}
                rightSection={<Text size="xs">{currency}</Text>}
                {...form.getInputProps('weeklyPrice')}
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
