import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RentalAvailability, RentalCondition, RentalStatus } from '@service-portal/shared/rentals';

const STATUS_COLOURS: Record<RentalStatus, string> = {
  booked: 'violet',
  active: 'blue',
  overdue: 'red',
  returned: 'green',
  cancelled: 'gray',
};
const AVAILABILITY_COLOURS: Record<RentalAvailability, string> = {
  available: 'green',
  rented: 'blue',
  overdue: 'red',
  inactive: 'gray',
  out_of_order: 'orange',
};
// A badge shows its whole word (issue 31: "O." and "A." at 375 px): it neither shrinks nor cuts.
const WHOLE = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible' },
};

const CONDITION_COLOURS: Record<RentalCondition, string> = {
  new: 'teal',
  good: 'green',
  fair: 'yellow',
  poor: 'orange',
  out_of_order: 'red',
};

export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" tt="none" styles={WHOLE}>
      {t(`rentals.status.${status}`)}
    </Badge>
  );
}

export function AvailabilityBadge({ availability }: { availability: RentalAvailability }) {
  const { t } = useTranslation();
  return (
    <Badge color={AVAILABILITY_COLOURS[availability]} variant="light" tt="none" styles={WHOLE}>
      {t(`rentals.availability.${availability}`)}
    </Badge>
  );
}

export function ConditionBadge({ condition }: { condition: RentalCondition }) {
  const { t } = useTranslation();
  return (
    <Badge color={CONDITION_COLOURS[condition]} variant="outline" tt="none" styles={WHOLE}>
      {t(`rentals.condition.${condition}`)}
    </Badge>
  );
}
