import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTool, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@service-portal/shared/limits';
import type { Currency } from '@service-portal/shared/limits';
import { formatAmountInput, formatMoney, parseAmount, totalsByCurrency } from '../../../lib/money.ts';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import { emptySparePartLine } from '../lib/form-values.ts';
import type { SparePartLineValues } from '../lib/form-values.ts';
import { FormSection } from './form-section.tsx';
import { useOrderFormSlots } from './order-form-slots.tsx';

/** quantity × unit cost in minor units, or null while either cannot be read. */
function lineAmount(
  line: SparePartLineValues,
  language: string,
): { minor: number; currency: Currency } | null {
  const quantity = typeof line.quantity === 'number' ? line.quantity : Number(line.quantity);
  const unit = parseAmount(line.unitCost, line.currency, language);
  if (!Number.isInteger(quantity) || quantity <= 0 || !unit.ok || unit.minor === null || unit.minor < 0)
    return null;
  return { minor: quantity * unit.minor, currency: line.currency };
}

interface SparePartsSectionProps {
  form: ServiceOrderForm;
  language: string;
}

export function SparePartsSection({ form, language }: SparePartsSectionProps) {
  const { t } = useTranslation();
  const slots = useOrderFormSlots();
  const lines = form.useWatchValue('spareParts');
  // New lines start in the order's currency.
  const defaultCurrency = form.useWatchValue('currency');
  const amounts = lines.map((line) => lineAmount(line, language));
  const totals = totalsByCurrency(
    amounts.flatMap((amount) =>
      amount ? [{ quantity: 1, unitCost: amount.minor, currency: amount.currency }] : [],
    ),
  );

  const addLine = () => {
    form.insertListItem('spareParts', emptySparePartLine(defaultCurrency));
    // The new line's first field gets focus once it is rendered.
    const index = lines.length;
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>(`[data-path="spareParts.${index}.partNumber"]`)?.focus(),
    );
  };

  return (
    <FormSection
      title={t('serviceOrders.form.sparePartsSection')}
      description={t('serviceOrders.form.sparePartsSectionHint')}
      icon={<IconTool size={20} />}
    >
      <Stack gap="sm">
        {lines.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('serviceOrders.spareParts.none')}
          </Text>
        )}
        {lines.map((line, index) => {
          const amount = amounts[index];
          const label = t('serviceOrders.spareParts.line', { number: index + 1 });
          const reformat = () => {
            const current = form.getValues().spareParts[index];
            if (current === undefined) return;
            const parsed = parseAmount(current.unitCost, current.currency, language);
            const formatted =
              parsed.ok && parsed.minor !== null
                ? formatAmountInput(parsed.minor, current.currency, language)
                : null;
            if (formatted !== null && formatted !== current.unitCost) {
              form.setFieldValue(`spareParts.${index}.unitCost`, formatted);
            }
          };
          return (
            <Paper
              key={line.key}
              withBorder
              radius="md"
              p="sm"
              bg="var(--mantine-color-gray-0)"
              role="group"
              aria-label={label}
            >
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Text fz="sm" fw={600} c="dimmed">
                  {label}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text fz="sm" fw={600}>
                    <VisuallyHidden>{t('serviceOrders.spareParts.lineTotal')}: </VisuallyHidden>
                    {amount ? formatMoney(amount.minor, amount.currency, language) : '—'}
                  </Text>
                  <Tooltip label={t('serviceOrders.spareParts.remove')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('serviceOrders.spareParts.removeLine', { number: index + 1 })}
                      onClick={() => form.removeListItem('spareParts', index)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    label={t('serviceOrders.spareParts.partNumber')}
                    withAsterisk
                    spellCheck={false}
                    key={form.key(`spareParts.${index}.partNumber`)}
                    {...form.getInputProps(`spareParts.${index}.partNumber`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 8 }}>
                  {slots.partName ? (
                    slots.partName({
                      label: t('serviceOrders.spareParts.partName'),
                      inputProps: {
                        key: form.key(`spareParts.${index}.partName`),
                        withAsterisk: true,
                        ...form.getInputProps(`spareParts.${index}.partName`),
                      },
                      onPick: (pick) => {
                        const line = `spareParts.${index}` as const;
                        const currency = CURRENCIES.find((c) => c === pick.currency);
                        form.setFieldValue(`${line}.partName`, pick.name);
                        if (pick.sku) form.setFieldValue(`${line}.partNumber`, pick.sku);
                        if (currency) form.setFieldValue(`${line}.currency`, currency);
                        if (pick.unitPriceMinor !== null)
                          form.setFieldValue(
                            `${line}.unitCost`,
                            formatAmountInput(
                              pick.unitPriceMinor,
                              currency ?? form.getValues().spareParts[index]!.currency,
                              language,
                            ),
                          );
                        if (pick.supplier) form.setFieldValue(`${line}.supplier`, pick.supplier);
                      },
                    })
                  ) : (
                    <TextInput
                      label={t('serviceOrders.spareParts.partName')}
                      withAsterisk
                      key={form.key(`spareParts.${index}.partName`)}
                      {...form.getInputProps(`spareParts.${index}.partName`)}
                    />
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 4, sm: 2 }}>
                  <NumberInput
                    label={t('serviceOrders.spareParts.quantity')}
                    withAsterisk
                    allowDecimal={false}
                    allowNegative
                    hideControls
                    key={form.key(`spareParts.${index}.quantity`)}
                    {...form.getInputProps(`spareParts.${index}.quantity`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 8, sm: 4 }}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <TextInput
                      label={t('serviceOrders.spareParts.unitCost')}
                      withAsterisk
                      inputMode="decimal"
                      autoComplete="off"
                      style={{ flex: 1, minWidth: 0 }}
                      key={form.key(`spareParts.${index}.unitCost`)}
                      {...form.getInputProps(`spareParts.${index}.unitCost`)}
                      onBlur={reformat}
                    />
                    <Select
                      label={t('serviceOrders.fields.currency')}
                      data={[...CURRENCIES]}
                      allowDeselect={false}
                      w={88}
                      key={form.key(`spareParts.${index}.currency`)}
                      {...form.getInputProps(`spareParts.${index}.currency`)}
                    />
                  </Group>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={t('serviceOrders.spareParts.supplier')}
                    key={form.key(`spareParts.${index}.supplier`)}
                    {...form.getInputProps(`spareParts.${index}.supplier`)}
                  />
                </Grid.Col>
                <Grid.Col span={12}>
                  <TextInput
                    label={t('serviceOrders.spareParts.notes')}
                    key={form.key(`spareParts.${index}.notes`)}
                    {...form.getInputProps(`spareParts.${index}.notes`)}
                  />
                </Grid.Col>
              </Grid>
            </Paper>
          );
        })}
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addLine}>
            {t('serviceOrders.spareParts.add')}
          </Button>
          {totals.length > 0 && (
            <Group gap="xs" role="status" aria-label={t('serviceOrders.spareParts.total')}>
              <Text fz="sm" c="dimmed">
                {t('serviceOrders.spareParts.total')}
              </Text>
              {totals.map(({ currency, minor }) => (
                <Badge key={currency} size="lg" variant="light" radius="sm" tt="none">
                  {formatMoney(minor, currency, language)}
                </Badge>
              ))}
            </Group>
          )}
        </Group>
      </Stack>
    </FormSection>
  );
}
