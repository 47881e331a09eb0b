import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@service-portal/shared/limits';
import { LazyWhenVisible, partLoaded, preloadPart } from '../../../components/lazy-when-visible.tsx';
import { formatMoney, parseAmount, totalsByCurrency } from '../../../lib/money.ts';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import { emptySparePartLine } from '../lib/form-values.ts';
import type { SparePartLineValues } from '../lib/form-values.ts';
import { FormSection } from './form-section.tsx';

/** The lines' fields: loaded when the section is scrolled near, or on the first "Add spare part". */
const loadLines = () => import('./spare-part-lines.tsx').then((m) => m.SparePartLines);
/** About one line's height on a desktop, for the placeholder. */
const LINE_HEIGHT = 230;

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
  const lines = form.useWatchValue('spareParts');
  // New lines start in the order's currency.
  const defaultCurrency = form.useWatchValue('currency');
  const amounts = lines.map((line) => lineAmount(line, language));
  const totals = totalsByCurrency(
    amounts.flatMap((amount) =>
      amount ? [{ quantity: 1, unitCost: amount.minor, currency: amount.currency }] : [],
    ),
  );

  const insertLine = () => {
    const index = form.getValues().spareParts.length;
    form.insertListItem('spareParts', emptySparePartLine(defaultCurrency));
    // The new line's first field gets focus once it is rendered.
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>(`[data-path="spareParts.${index}.partNumber"]`)?.focus(),
    );
  };
  // The first line waits for the lines' code, so it renders (and takes focus) at once; if the code
  // cannot be loaded, the line is added all the same and the section shows the load error.
  const addLine = () => {
    if (partLoaded(loadLines)) insertLine();
    else void preloadPart(loadLines).then(insertLine, insertLine);
  };

  return (
    <FormSection
      title={t('serviceOrders.form.sparePartsSection')}
      description={t('serviceOrders.form.sparePartsSectionHint')}
      icon={<IconTool size={20} />}
    >
      <Stack gap="sm">
        {lines.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('serviceOrders.spareParts.none')}
          </Text>
        ) : (
          <LazyWhenVisible
            load={loadLines}
            props={{ form, language, lines, amounts }}
            minHeight={lines.length * LINE_HEIGHT}
          />
        )}
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
