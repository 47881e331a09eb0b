import {
  ActionIcon,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@service-portal/shared/limits';
import type { Currency } from '@service-portal/shared/limits';
import { formatAmountInput, formatMoney, parseAmount } from '../../../lib/money.ts';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import type { SparePartLineValues } from '../lib/form-values.ts';
import { useOrderFormSlots } from './order-form-slots.tsx';
import { ScanButton } from '../../../components/scan-button.tsx';

export interface SparePartLinesProps {
  form: ServiceOrderForm;
  language: string;
  lines: SparePartLineValues[];
  /** Each line's quantity × unit cost, or null while either cannot be read. */
  amounts: ({ minor: number; currency: Currency } | null)[];
}

/**
 * The spare-part lines' fields (spare-parts-section.tsx loads them when the section is scrolled
 * near or a first line is added: the quantity's NumberInput is the form's heaviest input).
 */
export function SparePartLines({ form, language, lines, amounts }: SparePartLinesProps) {
  const { t } = useTranslation();
  const slots = useOrderFormSlots();
  return (
    <>
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
                  rightSection={
                    <ScanButton
                      label={t('serviceOrders.spareParts.partNumber')}
                      onScan={(text) => form.setFieldValue(`spareParts.${index}.partNumber`, text)}
                    />
                  }
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
    </>
  );
}
