import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  computeEstimateTotals,
  ESTIMATE_LIMITS,
  estimateInputSchema,
  type Estimate,
  type EstimateInputValues,
} from '@service-portal/shared/estimates';
import type { Currency } from '@service-portal/shared/limits';
import { estimateErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import { formatAmountInput, parseAmount } from '../../../lib/money.ts';
import { useSaveEstimate } from '../api/order-estimates.ts';
import { EstimateDetails } from './estimate-details.tsx';
import { translateEstimateError } from './estimate-messages.ts';

/** What the panel knows of the partner's pricing: the preview uses it; the server prices the save. */
export interface EstimatePricing {
  hourlyRateMinor: number;
  vatRate: number;
  currency: Currency;
}

/** A spare-part line of the order, offered as an estimate line. */
export interface OrderPartLine {
  partNumber: string;
  partName: string;
  quantity: number;
  unitCost: number;
}

interface LineValues {
  partNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
}

const today = () => new Date().toISOString().slice(0, 10);

function toPayload(
  lines: LineValues[],
  labour: number | string,
  validUntil: string,
  note: string,
  currency: Currency,
  language: string,
): { payload: EstimateInputValues; amountErrors: Record<string, string> } {
  const amountErrors: Record<string, string> = {};
  const payload: EstimateInputValues = {
    lines: lines.map((l, i) => {
      const parsed = parseAmount(l.unitPrice, currency, language);
      if (!parsed.ok || parsed.minor === null)
        amountErrors[`lines.${i}.unitPriceMinor`] = 'estimates.messages.amountInvalid';
      return {
        partNumber: l.partNumber,
        description: l.description,
        quantity: Number(l.quantity),
        unitPriceMinor: parsed.ok ? (parsed.minor ?? 0) : 0,
      };
    }),
    labourMinutes: typeof labour === 'number' ? labour : Number(labour || 0),
    validUntil: validUntil || undefined,
    noteToCustomer: note,
  };
  return { payload, amountErrors };
}

/**
 * Compose a version: lines (from the order's spare parts or typed), labour minutes priced at the
 * configuration's hourly rate, VAT at its rate, valid until. The preview is the shared totals rule.
 */
export function EstimateComposer({
  orderId,
  pricing,
  parts,
  from,
  draftId,
  onDone,
}: {
  orderId: string;
  pricing: EstimatePricing;
  parts: readonly OrderPartLine[];
  /** The version the new one starts from (a change) or the draft being edited. */
  from?: Estimate;
  draftId?: string;
  onDone: (saved: Estimate) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const currency = from?.currency ?? pricing.currency;
  const save = useSaveEstimate();
  const [lines, setLines] = useState<LineValues[]>(
    () =>
      from?.lines.map((l) => ({
        partNumber: l.partNumber,
        description: l.description,
        quantity: String(l.quantity),
        unitPrice: formatAmountInput(l.unitPriceMinor, currency, language),
      })) ?? [],
  );
  const [labour, setLabour] = useState<number | string>(from?.labourMinutes ?? 0);
  const [validUntil, setValidUntil] = useState(
    from && !from.sentAt ? from.validUntil : addDays(today(), ESTIMATE_LIMITS.defaultValidDays),
  );
  const [note, setNote] = useState(from?.noteToCustomer ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const { payload } = toPayload(lines, labour, validUntil, note, currency, language);
  const parsed = estimateInputSchema.safeParse(payload);
  const preview = parsed.success
    ? {
        lines: parsed.data.lines,
        labourMinutes: parsed.data.labourMinutes,
        vatRate: pricing.vatRate,
        currency,
        totals: computeEstimateTotals({
          lines: parsed.data.lines,
          labourMinutes: parsed.data.labourMinutes,
          labourRateMinor: pricing.hourlyRateMinor,
          vatRate: pricing.vatRate,
        }),
      }
    : null;

  const setLine = (i: number, patch: Partial<LineValues>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const error = (path: string) => {
    const message = errors[path];
    return message === undefined ? undefined : translateEstimateError(t, message);
  };
  const unusedParts = parts.filter((p) => !lines.some((l) => l.partNumber === p.partNumber));

  const submit = () => {
    const built = toPayload(lines, labour, validUntil, note, currency, language);
    const found = { ...schemaErrors(estimateInputSchema, built.payload), ...built.amountErrors };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ orderId, estimateId: draftId, body: built.payload }, { onSuccess: onDone });
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {draftId ? t('estimates.editDraft') : t('estimates.compose')}
        </Title>
        {lines.map((line, i) => (
          <Card key={i} withBorder padding="xs">
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
              <TextInput
                label={t('estimates.line.partNumber')}
                value={line.partNumber}
                onChange={(e) => setLine(i, { partNumber: e.currentTarget.value })}
              />
              <TextInput
                label={t('estimates.line.description')}
                required
                value={line.description}
                error={error(`lines.${i}.description`)}
                onChange={(e) => setLine(i, { description: e.currentTarget.value })}
              />
              <TextInput
                label={t('estimates.line.quantity')}
                required
                inputMode="numeric"
                value={line.quantity}
                error={error(`lines.${i}.quantity`)}
                onChange={(e) => setLine(i, { quantity: e.currentTarget.value })}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('estimates.line.unitPrice')}
                  required
                  inputMode="decimal"
                  rightSection={<Text size="xs">{currency}</Text>}
                  value={line.unitPrice}
                  error={error(`lines.${i}.unitPriceMinor`)}
                  onChange={(e) => setLine(i, { unitPrice: e.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('estimates.line.remove', { n: i + 1 })}
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </SimpleGrid>
          </Card>
        ))}
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              setLines((all) => [...all, { partNumber: '', description: '', quantity: '1', unitPrice: '' }])
            }
          >
            {t('estimates.line.add')}
          </Button>
          {unusedParts.length > 0 && (
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                setLines((all) => [
                  ...all,
                  ...unusedParts.map((p) => ({
                    partNumber: p.partNumber,
                    description: p.partName,
                    quantity: String(p.quantity),
                    unitPrice: formatAmountInput(p.unitCost, currency, language),
                  })),
                ])
              }
            >
              {t('estimates.fromParts', { count: unusedParts.length })}
            </Button>
          )}
        </Group>
        {errors.lines && (
          <Text size="sm" c="red" role="alert">
            {translateEstimateError(t, errors.lines)}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <NumberInput
            label={t('estimates.labourMinutes')}
            description={t('estimates.labourRate', {
              rate: formatAmountInput(pricing.hourlyRateMinor, currency, language),
              currency,
            })}
            min={0}
            max={ESTIMATE_LIMITS.maxLabourMinutes}
            allowDecimal={false}
            value={labour}
            error={error('labourMinutes')}
            onChange={setLabour}
          />
          <TextInput
            type="date"
            label={t('estimates.validUntil')}
            value={validUntil}
            error={error('validUntil')}
            onChange={(e) => setValidUntil(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label={t('estimates.note')}
          autosize
          minRows={2}
          maxLength={ESTIMATE_LIMITS.maxNoteLength}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Title order={4} size="h6">
          {t('estimates.preview')}
        </Title>
        {preview ? (
          <EstimateDetails estimate={preview} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('estimates.previewEmpty')}
          </Text>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {formatMessage(t, estimateErrorMessage(save.error, 'estimates.saveFailed'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t('estimates.saveDraft')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
