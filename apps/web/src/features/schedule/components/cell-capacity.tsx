import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconBeach } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScheduleCell } from '@service-portal/shared/schedule';
import { formatHours } from '../lib/format.ts';

/**
 * A technician-day's load: booked against available hours; overbooking marked by an icon and words
 * as well as colour; a day off with its reason; a day the technician does not work; a day the
 * partner is closed (`closed`).
 */
export function CellCapacity({ cell, closed = false }: { cell: ScheduleCell; closed?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const booked = formatHours(cell.bookedMinutes, language);
  const available = formatHours(cell.availableMinutes, language);
  let load;
  if (closed) {
    // The partner does not work that weekday (its working days, set in Pricing).
    load = (
      <Text size="xs" fw={600} c="dimmed">
        {t('schedule.cell.closed')}
      </Text>
    );
  } else if (cell.off) {
    load = (
      <Group gap={4} wrap="nowrap" c="dimmed">
        <IconBeach size={14} aria-hidden="true" />
        <Text size="xs" fw={600}>
          {cell.offReason
            ? t('schedule.cell.offWithReason', { reason: cell.offReason })
            : t('schedule.cell.off')}
        </Text>
      </Group>
    );
  } else if (cell.availableMinutes === 0 && cell.bookedMinutes === 0) {
    load = (
      <Text size="xs" c="dimmed">
        {t('schedule.cell.notWorking')}
      </Text>
    );
  } else {
    load = (
      <Text size="xs" fw={600} c={cell.overbooked ? 'red.8' : undefined}>
        {t('schedule.cell.capacity', { booked, available })}
      </Text>
    );
  }
  return (
    <div>
      {load}
      {cell.overbooked && (
        <Group gap={4} wrap="nowrap" c="red.8">
          <IconAlertTriangle size={14} aria-hidden="true" />
          <Text size="xs" fw={700}>
            {t('schedule.cell.overbooked', {
              hours: formatHours(cell.bookedMinutes - cell.availableMinutes, language),
            })}
          </Text>
        </Group>
      )}
    </div>
  );
}
