import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RENTAL_MESSAGES,
  handOverDefaultStart,
  handOverStartProblem,
  handOverStartRange,
  rentalCharge,
  type Rental,
} from '@service-portal/shared/rentals';
import { isCalendarDay } from '@service-portal/shared/zoned-days';
import { FormActions } from '../../../components/form-actions.tsx';
import { formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { usePickupBooking } from '../api/pickup-booking.ts';
import { ChargeLines } from './charge-lines.tsx';

interface Props {
  booking: Rental | null;
  /** The partner's today (YYYY-MM-DD). */
  today: string;
  onClose: () => void;
  /** After the hand-over: the rental it became (the screen offers "Undo"). */
  onDone: (rental: Rental) => void;
}

/**
 * Hand over (issue 31): asks for the actual start (default: the booked start, or today once the
 * booking has begun), shows the charge to the due date by the shared rule, then confirms.
 */
export function HandOverDialog({ booking, today, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={booking !== null} onClose={onClose} title={t('rentals.handOver.title')}>
      {booking && (
        <HandOverForm key={booking.id} booking={booking} today={today} onClose={onClose} onDone={onDone} />
      )}
    </Modal>
  );
}

function HandOverForm({ booking, today, onClose, onDone }: { booking: Rental } & Omit<Props, 'booking'>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const send = usePickupBooking();
  const [start, setStart] = useState(() => handOverDefaultStart(booking, today));
  const [failure, setFailure] = useState<ReturnType<typeof problemMessage> | null>(null);
  const range = handOverStartRange(booking, today);
  const problem = isCalendarDay(start)
    ? handOverStartProblem(booking, start, today)
    : RENTAL_MESSAGES.dateRequired;
  const error =
    problem === null
      ? null
      : problem === RENTAL_MESSAGES.handOverTooEarly
        ? t('rentals.handOver.tooEarly', { min: formatDay(range.min, lang) })
        : problem === RENTAL_MESSAGES.handOverAfterDue
          ? t('rentals.handOver.afterDue', { due: formatDay(booking.dueDate, lang) })
          : t('rentals.validation.dateRequired');
  const rates = {
    dailyMinor: booking.dailyRate,
    weeklyMinor: booking.weeklyRate,
    lateFeePerDayMinor: booking.lateFeePerDay,
  };
  // The charge if the unit comes back on its due date: the same rule the return applies.
  const charge =
    error === null
      ? rentalCharge({
          ...rates,
          pickup: start,
          returned: booking.dueDate,
          due: booking.dueDate,
          timeZone: 'UTC',
        })
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error !== null) return;
    setFailure(null);
    send.mutate(
      { id: booking.id, startDate: start, version: booking.version },
      {
        onSuccess: (rental) => {
          onDone(rental);
          onClose();
        },
        onError: (e) => setFailure(problemMessage(e, 'rentals.pickupFailed', 'rental')),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Text>
          {t('rentals.handOver.summary', {
            unit: `${booking.unitName} (${booking.serialNumber})`,
            customer: booking.customerName,
            start: formatDay(booking.startDate, lang),
            due: formatDay(booking.dueDate, lang),
          })}
        </Text>
        <TextInput
          label={t('rentals.handOver.start')}
          description={t('rentals.handOver.startHint', { due: formatDay(booking.dueDate, lang) })}
          type="date"
          required
          min={range.min}
          max={range.max}
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          error={error}
        />
        {charge && (
          <Stack gap={4} data-testid="hand-over-charges" aria-live="polite">
            <Text fw={600}>{t('rentals.handOver.charge')}</Text>
            <Text size="sm">{t('rentals.return.days', { count: charge.days })}</Text>
            <ChargeLines charge={charge} rates={rates} currency={booking.currency} />
            <Text fw={700} data-testid="hand-over-total">
              {t('rentals.return.total', { total: formatMoney(charge.totalMinor, booking.currency, lang) })}
            </Text>
          </Stack>
        )}
        {failure !== null && (
          <Alert color="red" role="alert">
            {formatMessage(t, failure)}
          </Alert>
        )}
        <FormActions
          failure={null}
          submitLabel={t('rentals.handOver.confirm')}
          pending={send.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
