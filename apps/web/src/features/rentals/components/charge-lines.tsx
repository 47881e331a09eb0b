import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@service-portal/shared/limits';
import { rentalChargeLines, type RentalCharge } from '@service-portal/shared/rentals';
import { formatMoney } from '../../../lib/money.ts';

interface Props {
  charge: RentalCharge;
  rates: { dailyMinor: number; weeklyMinor: number | null; lateFeePerDayMinor: number };
  currency: Currency;
  /** The return dialog tells the late fee in its own alert. */
  omitLate?: boolean;
}

/** What a charge is made of, line by line (decision 052): the words follow the shared breakdown. */
export function ChargeLines({ charge, rates, currency, omitLate = false }: Props) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  return (
    <>
      {rentalChargeLines(charge, rates)
        .filter((line) => !(omitLate && line.kind === 'late'))
        .map((line) => {
          const values = {
            count: line.count,
            rate: money(line.rateMinor ?? 0),
            amount: money(line.amountMinor),
          };
          const text =
            line.kind === 'weeks'
              ? t('rentals.chargeLines.weeks', values)
              : line.kind === 'late'
                ? t('rentals.chargeLines.late', values)
                : line.rateMinor === null
                  ? t('rentals.chargeLines.daysNoRate', values)
                  : t('rentals.chargeLines.days', values);
          return (
            <Text key={line.kind} size="sm" data-testid={`charge-${line.kind}`}>
              {text}
            </Text>
          );
        })}
    </>
  );
}
