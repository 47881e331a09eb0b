import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EstimateStatus, EstimateTotals } from '@service-portal/shared/estimates';
import type { Currency } from '@service-portal/shared/limits';
import { formatMoney } from '../../../lib/money.ts';

const STATUS_COLORS: Record<EstimateStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  opened: 'cyan',
  approved: 'green',
  declined: 'red',
  expired: 'orange',
};

export function EstimateStatusBadge({ status, superseded }: { status: EstimateStatus; superseded: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={superseded ? 'gray' : STATUS_COLORS[status]} variant="light">
      {superseded ? t('estimates.superseded') : t(`estimates.status.${status}`)}
    </Badge>
  );
}

export interface EstimateView {
  lines: readonly { partNumber: string; description: string; quantity: number; unitPriceMinor: number }[];
  labourMinutes: number;
  vatRate: number;
  currency: Currency;
  totals: EstimateTotals;
}

/** The lines, labour and totals with VAT: the same table for staff (preview) and the customer. */
export function EstimateDetails({ estimate }: { estimate: EstimateView }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, estimate.currency, i18n.language);
  const { totals } = estimate;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={0}>
        <Table layout="fixed" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="50%">{t('estimates.line.description')}</Table.Th>
              <Table.Th ta="right">{t('estimates.line.quantity')}</Table.Th>
              <Table.Th ta="right">{t('estimates.line.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estimate.lines.map((line, i) => (
              <Table.Tr key={`${line.partNumber}-${i}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {line.description}
                  {line.partNumber && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({line.partNumber})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{money(totals.lines[i]?.amountMinor ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
            {estimate.labourMinutes > 0 && (
              <Table.Tr>
                <Table.Td>{t('estimates.labour')}</Table.Td>
                <Table.Td ta="right">{t('estimates.minutes', { count: estimate.labourMinutes })}</Table.Td>
                <Table.Td ta="right">{money(totals.labourMinor)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td colSpan={2}>{t('estimates.subtotal')}</Table.Td>
              <Table.Td ta="right">{money(totals.subtotalMinor)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2}>{t('estimates.vat', { rate: estimate.vatRate })}</Table.Td>
              <Table.Td ta="right">{money(totals.vatMinor)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={2}>{t('estimates.total')}</Table.Th>
              <Table.Th ta="right">{money(totals.totalMinor)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
