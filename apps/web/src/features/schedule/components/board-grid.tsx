import { memo, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Board as ScheduleBoard, ScheduleCard } from '@service-portal/shared/schedule';
import { cardsByCell, cellKey, hourOf } from '../lib/board-moves.ts';
import { DAY_HOURS } from '../lib/board-range.ts';
import { formatDayHeading } from '../lib/format.ts';
import { CellCapacity } from './cell-capacity.tsx';
import { DraggableCard } from './schedule-card.tsx';

/** A drop target's id and what it means: a technician's day, at an hour (day view) or not. */
export interface CellDrop {
  technicianId: string;
  date: string;
  /** The day view's hour slot; absent: the card keeps its start time. */
  slot?: string;
}

export const cellDropId = (drop: CellDrop) =>
  `cell:${drop.technicianId}:${drop.date}${drop.slot === undefined ? '' : `:${drop.slot}`}`;

const DropCell = memo(function DropCell({
  drop,
  label,
  muted,
  children,
}: {
  drop: CellDrop;
  label: string;
  muted: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: cellDropId(drop), data: { drop } });
  return (
    <td
      ref={setNodeRef}
      aria-label={label}
      data-cell={`${drop.technicianId}:${drop.date}${drop.slot ? `:${drop.slot}` : ''}`}
      // Closed cells (day off, inactive, no hours) look muted; tests find open ones by this mark.
      data-closed={muted || undefined}
      style={{
        verticalAlign: 'top',
        padding: 4,
        border: '1px solid var(--mantine-color-default-border)',
        background: isOver
          ? 'var(--mantine-color-blue-light)'
          : muted
            ? 'var(--mantine-color-gray-light)'
            : undefined,
        outline: isOver ? '2px solid var(--mantine-color-blue-6)' : undefined,
      }}
    >
      <Stack gap={4}>{children}</Stack>
    </td>
  );
});

interface BoardGridProps {
  board: ScheduleBoard;
  today: string;
  /** The day view: hour slots after the day's own column. */
  hourly: boolean;
  onSchedule?: ((card: ScheduleCard) => void) | undefined;
}

/** Technicians as rows, days (or the day's hours) as columns; each cell a drop target. */
export const BoardGrid = memo(function BoardGrid({ board, today, hourly, onSchedule }: BoardGridProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const cells = useMemo(() => cardsByCell(board.orders), [board.orders]);
  const workingDays = useMemo(
    () => new Map(board.days.map((day) => [day.date, day.isWorkingDay])),
    [board.days],
  );
  const workingDay = (date: string) => workingDays.get(date) ?? true;
  const columnWidth = hourly ? 120 : board.days.length > 7 ? 120 : 160;

  const cellCards = (list: ScheduleCard[] | undefined) =>
    list?.map((card) => <DraggableCard key={card.id} card={card} onSchedule={onSchedule} compact />);

  return (
    <table
      // Fixed columns need the table's own width: their sum (the container scrolls past it).
      style={{
        borderCollapse: 'collapse',
        tableLayout: 'fixed',
        width: 150 + columnWidth * (board.days.length + (hourly ? DAY_HOURS.length : 0)),
      }}
      aria-label={t('schedule.board.label')}
    >
      <colgroup>
        <col style={{ width: 150 }} />
        {board.days.map((day) => (
          <col key={day.date} style={{ width: columnWidth }} />
        ))}
        {hourly && DAY_HOURS.map((hour) => <col key={hour} style={{ width: columnWidth }} />)}
      </colgroup>
      <thead>
        <tr>
          <th scope="col" style={stickyHead}>
            <Text size="xs" fw={700}>
              {t('schedule.board.technician')}
            </Text>
          </th>
          {board.days.map((day) => (
            <th
              key={day.date}
              scope="col"
              style={{ ...headStyle, color: day.isWorkingDay ? undefined : 'var(--mantine-color-dimmed)' }}
            >
              <Text size="xs" fw={700} component="span">
                {formatDayHeading(day.date, language)}
              </Text>
              {day.date === today && (
                <Badge size="xs" ml={4} variant="light">
                  {t('schedule.board.today')}
                </Badge>
              )}
              {!day.isWorkingDay && (
                <Badge size="xs" ml={4} variant="outline" color="gray">
                  {t('schedule.board.closed')}
                </Badge>
              )}
              {hourly && (
                <Text size="xs" c="dimmed">
                  {t('schedule.board.anyTime')}
                </Text>
              )}
            </th>
          ))}
          {hourly &&
            DAY_HOURS.map((hour) => (
              <th key={hour} scope="col" style={headStyle}>
                <Text size="xs" fw={700}>
                  {hour}
                </Text>
              </th>
            ))}
        </tr>
      </thead>
      <tbody>
        {board.technicians.length === 0 && (
          <tr>
            <td colSpan={board.days.length + 1 + (hourly ? DAY_HOURS.length : 0)}>
              <Text c="dimmed" p="md">
                {t('schedule.board.noTechnicians')}
              </Text>
            </td>
          </tr>
        )}
        {board.technicians.map((technician) => (
          <tr key={technician.id}>
            <th scope="row" style={stickyRow}>
              <Text size="sm" fw={600} truncate title={technician.fullName}>
                {technician.fullName}
              </Text>
              {!technician.isActive && (
                <Text size="xs" c="dimmed">
                  {t('schedule.board.inactive')}
                </Text>
              )}
            </th>
            {technician.cells.map((cell) => {
              const closed = !workingDay(cell.date);
              const list = cells.get(cellKey(technician.id, cell.date));
              const shown = hourly ? list?.filter((card) => card.start === null) : list;
              return (
                <DropCell
                  key={cell.date}
                  drop={{ technicianId: technician.id, date: cell.date }}
                  label={t('schedule.board.cellLabel', {
                    technician: technician.fullName,
                    day: formatDayHeading(cell.date, language),
                  })}
                  muted={cell.off || !technician.isActive || cell.availableMinutes === 0}
                >
                  <CellCapacity cell={cell} closed={closed} />
                  {cellCards(shown)}
                </DropCell>
              );
            })}
            {hourly &&
              technician.cells[0] !== undefined &&
              DAY_HOURS.map((hour) => {
                const cell = technician.cells[0]!;
                const list = cells
                  .get(cellKey(technician.id, cell.date))
                  ?.filter((card) => card.start !== null && hourOf(card.start) === hour);
                return (
                  <DropCell
                    key={hour}
                    drop={{ technicianId: technician.id, date: cell.date, slot: hour }}
                    label={t('schedule.board.slotLabel', { technician: technician.fullName, hour })}
                    muted={cell.off || !technician.isActive}
                  >
                    {cellCards(list)}
                  </DropCell>
                );
              })}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

const headStyle = {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  padding: 4,
  textAlign: 'left',
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-default-border)',
} as const;

const stickyHead = { ...headStyle, left: 0, zIndex: 2 } as const;

const stickyRow = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  padding: 4,
  textAlign: 'left',
  verticalAlign: 'top',
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-default-border)',
} as const;
