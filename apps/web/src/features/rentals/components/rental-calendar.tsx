import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { calendarCell, type CalendarCell } from '@service-portal/shared/rentals-overview';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useRentalCalendar } from '../api/get-rental-calendar.ts';
import { formatLongDay } from '../../../lib/dates.ts';
import { addDays, daysBetween, lastDayOfMonth, mondayOf } from '@service-portal/shared/zoned-days';

const CELL_COLOURS: Record<CalendarCell, string> = {
  free: 'transparent',
  rented: 'var(--mantine-color-blue-1)',
  overdue: 'var(--mantine-color-red-2)',
  booked: 'var(--mantine-color-violet-1)',
};
const CELL_MARK: Record<CalendarCell, string> = { free: '', rented: 'R', overdue: '!', booked: 'B' };

function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

interface Props {
  /** The partner's today. */
  today: string;
  /** A free day of a unit, today or later, was chosen (Enter or click): book it. */
  onBook?: (rentalProductId: string, day: string) => void;
}

/** ★ Units × days, a week or a month: rented, overdue, booked or free. Arrow keys move between cells. */
export function RentalCalendar({ today, onBook }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [scale, setScale] = useState<'week' | 'month'>('week');
  const [anchor, setAnchor] = useState(today);
  const from = scale === 'week' ? mondayOf(anchor) : monthStart(anchor);
  const to = scale === 'week' ? addDays(from, 6) : lastDayOfMonth(anchor);
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
  const calendar = useRentalCalendar(from, to);
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const grid = useRef<HTMLTableElement>(null);

  const move = (step: number) =>
    setAnchor(scale === 'week' ? addDays(anchor, 7 * step) : addDays(monthStart(anchor), step > 0 ? 32 : -1));
  const dayLabel = (day: string, style: 'short' | 'long') =>
    style === 'long'
      ? formatLongDay(day, lang)
      : new Intl.DateTimeFormat(lang, { timeZone: 'UTC', weekday: 'narrow', day: 'numeric' }).format(
          new Date(`${day}T00:00:00Z`),
        );
  const title = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${from}T00:00:00Z`),
  );

  const units = calendar.data?.units ?? [];
  const entries = calendar.data?.entries ?? [];

  const keyDown = (event: KeyboardEvent<HTMLTableCellElement>, row: number, col: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
    };
    const delta = moves[event.key];
    if (event.key === 'Enter' || event.key === ' ') {
      const unit = units[row];
      const day = days[col];
      if (unit && day && day >= today && calendarCell(entries, unit.id, day) === 'free') {
        event.preventDefault();
        onBook?.(unit.id, day);
      }
      return;
    }
    if (!delta) return;
    event.preventDefault();
    const next: [number, number] = [
      Math.min(units.length - 1, Math.max(0, row + delta[0])),
      Math.min(days.length - 1, Math.max(0, col + delta[1])),
    ];
    setFocus(next);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };

  return (
    <Box>
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} size="h4">
          {t('rentals.calendar.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label={t('rentals.calendar.scale')}
            value={scale}
            onChange={(v) => setScale(v)}
            data={[
              { value: 'week', label: t('rentals.calendar.week') },
              { value: 'month', label: t('rentals.calendar.month') },
            ]}
          />
          <Button variant="default" size="xs" onClick={() => move(-1)}>
            {t('rentals.calendar.previous')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setAnchor(today)}>
            {t('rentals.calendar.today')}
          </Button>
          <Button variant="default" size="xs" onClick={() => move(1)}>
            {t('rentals.calendar.next')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" mb="xs" aria-live="polite">
        {title}
      </Text>
      <Group gap="md" mb="xs" wrap="wrap" aria-hidden="true">
        {(['rented', 'overdue', 'booked', 'free'] as const).map((kind) => (
          <Group key={kind} gap={4}>
            <Box
              w={14}
              h={14}
              bg={CELL_COLOURS[kind]}
              style={{ border: '1px solid var(--mantine-color-gray-4)' }}
            />
            <Text size="xs">
              {CELL_MARK[kind] ? `${CELL_MARK[kind]} ` : ''}
              {t(`rentals.calendar.${kind}`)}
            </Text>
          </Group>
        ))}
      </Group>
      {calendar.isError && !calendar.data ? (
        <Alert color="red" role="alert">
          {formatMessage(t, apiErrorMessage(calendar.error, 'rentals.calendar.loadFailed'))}
        </Alert>
      ) : calendar.isPending ? (
        <Loader aria-label={t('rentals.loading')} />
      ) : units.length === 0 ? (
        <Text>{t('rentals.calendar.noUnits')}</Text>
      ) : (
        // Only this box scrolls sideways, never the page.
        <Box data-testid="rental-calendar" style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={-1}>
          <table
            ref={grid}
            role="grid"
            aria-label={`${t('rentals.calendar.title')}: ${title}`}
            style={{ borderCollapse: 'collapse', fontSize: 12, minWidth: '100%' }}
          >
            <thead>
              <tr>
                <th
                  scope="col"
                  style={{
                    position: 'sticky',
                    left: 0,
                    background: 'var(--mantine-color-body)',
                    textAlign: 'left',
                    padding: 4,
                    minWidth: 120,
                  }}
                >
                  {t('rentals.fields.unit')}
                </th>
                {days.map((day) => (
                  <th
                    key={day}
                    scope="col"
                    aria-label={dayLabel(day, 'long')}
                    style={{
                      padding: 2,
                      minWidth: 28,
                      fontWeight: day === today ? 800 : 500,
                      textDecoration: day === today ? 'underline' : undefined,
                    }}
                  >
                    {dayLabel(day, 'short')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {units.map((unit, row) => (
                <tr key={unit.id}>
                  <th
                    scope="row"
                    style={{
                      position: 'sticky',
                      left: 0,
                      background: 'var(--mantine-color-body)',
                      textAlign: 'left',
                      padding: 4,
                      maxWidth: 160,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {/* Units of one model share a name: the serial number tells them apart (issue 31). */}
                    <span style={{ display: 'block', fontWeight: 600 }}>{unit.name}</span>
                    <span style={{ display: 'block', fontWeight: 400 }} data-testid="calendar-serial">
                      {unit.serialNumber}
                    </span>
                  </th>
                  {days.map((day, col) => {
                    const cell = calendarCell(entries, unit.id, day);
                    const focused = focus[0] === row && focus[1] === col;
                    return (
                      <td
                        key={day}
                        role="gridcell"
                        data-cell={`${row}-${col}`}
                        data-state={cell}
                        tabIndex={focused ? 0 : -1}
                        onKeyDown={(e) => keyDown(e, row, col)}
                        onClick={() => {
                          setFocus([row, col]);
                          if (cell === 'free' && day >= today) onBook?.(unit.id, day);
                        }}
                        style={{
                          background: CELL_COLOURS[cell],
                          border: '1px solid var(--mantine-color-gray-3)',
                          textAlign: 'center',
                          height: 28,
                          cursor: cell === 'free' && day >= today ? 'pointer' : undefined,
                        }}
                      >
                        <span aria-hidden="true">{CELL_MARK[cell]}</span>
                        <VisuallyHidden>
                          {`${unit.name} ${unit.serialNumber}, ${dayLabel(day, 'long')}: ${t(`rentals.calendar.${cell}`)}`}
                        </VisuallyHidden>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </Box>
  );
}
