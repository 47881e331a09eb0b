import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  PRICING_TYPES,
  ROUNDING_INTERVALS,
  WORK_LOG_CATEGORIES,
  categoryPricingInputSchema,
} from '@service-portal/shared/pricing';
import type {
  CategoryPricing,
  PricingConfig,
  PricingType,
  WorkLogCategory,
} from '@service-portal/shared/pricing';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatAmountInput, formatMoney, parseAmount } from '../../../lib/money.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  useAddCategoryPricing,
  useDeleteCategoryPricing,
  useUpdateCategoryPricing,
} from '../api/category-pricing.ts';
import { DeleteRuleDialog, showDeletedWithUndo } from './delete-rule.tsx';
import { amountError, translatePricingError } from './pricing-messages.ts';

interface Values extends Record<string, unknown> {
  category: WorkLogCategory | '';
  pricingType: PricingType;
  price: string;
  /** '' = the partner's default interval. */
  intervalMinutes: string;
}

const EMPTY: Values = { category: '', pricingType: 'hourly', price: '', intervalMinutes: '' };

/** Spec §2 "Category Pricing": an hourly rate (with an optional interval) or a fixed price per category. */
export function CategoryPricingTab({ config }: { config: PricingConfig }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [editing, setEditing] = useState<CategoryPricing | null>(null);
  const add = useAddCategoryPricing();
  const update = useUpdateCategoryPricing();
  const remove = useDeleteCategoryPricing();
  const form = useSchemaForm({
    initialValues: EMPTY,
    schema: categoryPricingInputSchema,
    toPayload: (values: Values) => {
      const parsed = parseAmount(values.price, config.currency, language);
      return {
        category: values.category === '' ? undefined : values.category,
        pricingType: values.pricingType,
        // An amount that does not parse is the browser's own check (below), not the schema's.
        price: parsed.ok ? (parsed.minor ?? undefined) : 0,
        intervalMinutes:
          values.pricingType === 'hourly' && values.intervalMinutes !== ''
            ? Number(values.intervalMinutes)
            : null,
      };
    },
    check: (values): Record<string, string> => {
      const parsed = parseAmount(values.price, config.currency, language);
      return parsed.ok ? {} : { price: amountError(parsed) };
    },
    fallback: editing === null ? 'pricing.addFailed' : 'pricing.saveFailed',
    subject: 'pricing',
    translate: translatePricingError,
  });
  const values = form.getValues();

  const priced = new Set(config.categories.map((c) => c.category));
  const available = WORK_LOG_CATEGORIES.filter((c) => !priced.has(c) || c === editing?.category);

  const startEdit = (row: CategoryPricing) => {
    setEditing(row);
    form.clearErrors();
    form.setValues({
      category: row.category,
      pricingType: row.pricingType,
      price: formatAmountInput(row.price, config.currency, language),
      intervalMinutes: row.intervalMinutes === null ? '' : String(row.intervalMinutes),
    });
  };
  const reset = () => {
    setEditing(null);
    form.setValues(EMPTY);
    form.clearErrors();
  };

  const submit = form.submit((body) => {
    const onError = (error: unknown) => {
      const outcome = form.fail(error);
      notifications.show({ color: 'red', message: formatMessage(t, outcome.message) });
    };
    const onSuccess = () => {
      notifications.show({ color: 'green', message: t('pricing.savedShort') });
      reset();
    };
    if (editing === null) add.mutate(body, { onSuccess, onError });
    else
      update.mutate({ id: editing.id, body: { ...body, version: editing.version } }, { onSuccess, onError });
  });

  // Asked first, then "Undo" for 10 s re-adds the rule with the same values (issue 31 item 8).
  const [deleting, setDeleting] = useState<CategoryPricing | null>(null);
  const del = (row: CategoryPricing) => {
    remove.mutate(row.id, {
      onSuccess: () => {
        setDeleting(null);
        if (editing?.id === row.id) reset();
        const { category, pricingType, price, intervalMinutes } = row;
        showDeletedWithUndo(t, () => add.mutateAsync({ category, pricingType, price, intervalMinutes }));
      },
      onError: (error) => {
        setDeleting(null);
        notifications.show({
          color: 'red',
          message: formatMessage(t, apiErrorMessage(error, 'pricing.deleteFailed')),
        });
      },
    });
  };

  return (
    <Stack gap="lg">
      <DeleteRuleDialog
        rule={
          deleting && {
            name: t(`workLogs.categories.${deleting.category}`),
            price: formatMoney(deleting.price, config.currency, language),
          }
        }
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && del(deleting)}
      />
      {config.categories.length === 0 ? (
        <Text c="dimmed">{t('pricing.noCategories')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pricing.fields.category')}</Table.Th>
                <Table.Th>{t('pricing.fields.pricingType')}</Table.Th>
                <Table.Th>{t('pricing.fields.price')}</Table.Th>
                <Table.Th>{t('pricing.fields.interval')}</Table.Th>
                <Table.Th>{t('pricing.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {config.categories.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{t(`workLogs.categories.${row.category}`)}</Table.Td>
                  <Table.Td>{t(`pricing.types.${row.pricingType}`)}</Table.Td>
                  <Table.Td>{formatMoney(row.price, config.currency, language)}</Table.Td>
                  <Table.Td>
                    {row.pricingType === 'fixed'
                      ? '—'
                      : row.intervalMinutes === null
                        ? t('pricing.defaultInterval')
                        : t('pricing.minutes', { count: row.intervalMinutes })}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('pricing.edit')} ${t(`workLogs.categories.${row.category}`)}`}
                        onClick={() => startEdit(row)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('pricing.delete')} ${t(`workLogs.categories.${row.category}`)}`}
                        loading={remove.isPending && remove.variables === row.id}
                        onClick={() => setDeleting(row)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {available.length === 0 && editing === null ? (
        <Text c="dimmed">{t('pricing.allCategoriesPriced')}</Text>
      ) : (
        <Card withBorder maw={720}>
          <form onSubmit={submit} noValidate aria-label={t('pricing.tabs.categories')}>
            <Stack gap="sm">
              <Title order={3} size="h5">
                {editing === null ? t('pricing.add') : t('pricing.edit')}
              </Title>
              <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-start">
                <NativeSelect
                  label={t('pricing.fields.category')}
                  required
                  disabled={editing !== null}
                  miw={180}
                  data={[
                    { value: '', label: '—' },
                    ...available.map((c) => ({ value: c, label: t(`workLogs.categories.${c}`) })),
                  ]}
                  {...form.getInputProps('category')}
                />
                <NativeSelect
                  label={t('pricing.fields.pricingType')}
                  required
                  miw={140}
                  data={PRICING_TYPES.map((p) => ({ value: p, label: t(`pricing.types.${p}`) }))}
                  {...form.getInputProps('pricingType')}
                />
                <TextInput
                  label={t('pricing.fields.price')}
                  required
                  miw={140}
                  inputMode="decimal"
                  rightSection={<Text size="xs">{config.currency}</Text>}
                  {...form.getInputProps('price')}
                />
                {values.pricingType === 'hourly' && (
                  <NativeSelect
                    label={t('pricing.fields.interval')}
                    miw={140}
                    data={[
                      { value: '', label: t('pricing.defaultInterval') },
                      ...ROUNDING_INTERVALS.map((m) => ({
                        value: String(m),
                        label: t('pricing.minutes', { count: m }),
                      })),
                    ]}
                    {...form.getInputProps('intervalMinutes')}
                  />
                )}
              </Group>
              <Group>
                <Button type="submit" loading={add.isPending || update.isPending}>
                  {editing === null ? t('pricing.add') : t('pricing.save')}
                </Button>
                {editing !== null && (
                  <Button variant="default" onClick={reset}>
                    {t('pricing.cancel')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
