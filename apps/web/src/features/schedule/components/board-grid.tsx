import { memo, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useDndMonitor } from '@dnd-kit/core';
import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Board as ScheduleBoard, ScheduleCard, ScheduleCell } from '@service-portal/shared/schedule';
import { cardsByCell, cellKey } from '../lib/board-moves.ts';
import { DAY_HOURS } from '../lib/board-range.ts';
import { useDropTarget } from '../lib/drop-target.ts';
import { formatDayHeading } from '../lib/format.ts';
import { OnScreenContext, OnScreenWatch, useOnScreen } from '../lib/on-screen.ts';
import classes from './board.module.css';
import { CellLoad } from './cell-capacity.tsx';
import { BoardCard, cardTexts } from './schedule-card.tsx';
import type { CardTexts } from './schedule-card.tsx';

/** A drop target's id and what it means: a technician's day, at an hour (day view) or not. */
export interface CellDrop {
  technicianId: string;
  date: string;
  /** The day view's hour slot; absent: the card keeps its start time. */
  slot?: string;
}

export const cellDropId = (drop: CellDrop) =>
  `cell:${drop.technicianId}:${drop.date}${drop.slot === undefined ? '' : `:${drop.slot}`}`;

/** The cell's registration as a drop target, while it is on screen; it marks the cell when over. */
function DropBinding({
  technicianId,
  date,
  slot,
  node,
}: CellDrop & { node: RefObject<HTMLTableCellElement | null> }) {
  const drop = useMemo<CellDrop>(
    () => (slot === undefined ? { technicianId, date } : { technicianId, date, slot }),
    [technicianId, date, slot],
  );
  useDropTarget(node, cellDropId(drop), { drop });
  return null;
}

interface DropCellProps {
  technicianId: string;
  technicianName: string;
  date: string;
  /** The day's heading ("Mon 24.11"), for the cell's name. */
  day: string;
  slot?: string | undefined;
  /** Closed cells (day off, inactive, no hours) look muted; tests find open ones by this mark. */
  muted: boolean;
  /** The day's capacity (absent in the day view's hour slots). */
  capacity?: ScheduleCell | undefined;
  partnerClosed?: boolean;
  /** The cell's cards: the same array while they do not change (`cardsByCell`). */
  cards: readonly ScheduleCard[] | undefined;
  texts: CardTexts;
  t: TFunction;
  language: string;
  onSchedule?: ((card: ScheduleCard) => void) | undefined;
}

/**
 * A technician's day (or hour). Memoised on plain props, so a move renders only the cells whose
 * cards or capacity changed. Off screen its cards are drawn but not registered with dnd-kit, and
 * the cell is no drop target: dnd-kit renders every registered card and cell again on each step
 * of a drag.
 */
const DropCell = memo(function DropCell({
  technicianId,
  technicianName,
  date,
  day,
  slot,
  muted,
  capacity,
  partnerClosed = false,
  cards,
  texts,
  t,
  language,
  onSchedule,
}: DropCellProps) {
  const ref = useRef<HTMLTableCellElement>(null);
  const live = useOnScreen(ref);
  return (
    <td
      ref={ref}
      className={classes.cell}
      aria-label={
        slot === undefined
          ? t('schedule.board.cellLabel', { technician: technicianName, day })
          : t('schedule.board.slotLabel', { technician: technicianName, hour: slot })
      }
      data-cell={`${technicianId}:${date}${slot === undefined ? '' : `:${slot}`}`}
      data-closed={muted || undefined}
    >
      <div className={`${classes.stack} ${classes.cellContent}`}>
        {capacity !== undefined && (
          <CellLoad cell={capacity} closed={partnerClosed} t={t} language={language} />
        )}
        {cards?.map((card) => (
          <BoardCard key={card.id} card={card} texts={texts} onSchedule={onSchedule} compact live={live} />
        ))}
      </div>
      {live && onSchedule !== undefined && (
        <DropBinding technicianId={technicianId} date={date} slot={slot} node={ref} />
      )}
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
  const texts = useMemo(() => cardTexts(t), [t]);
  // Cells within 400 px above or below the window count as on screen (scrolling finds them ready).
  const [watch] = useState(() => new OnScreenWatch('400px 0px'));
  useDndMonitor({
    onDragStart: () => watch.hold(true),
    onDragEnd: () => watch.hold(false),
    onDragCancel: () => watch.hold(false),
  });
  // The cards grouped per cell once per change of the orders, each unchanged cell keeping its list.
  const [grouped, setGrouped] = useState(() => ({
    orders: board.orders,
    hourly,
    cells: cardsByCell(board.orders, { hourly }),
  }));
  let cells = grouped.cells;
  if (grouped.orders !== board.orders || grouped.hourly !== hourly) {
    cells = cardsByCell(board.orders, { hourly, previous: grouped.cells });
    setGrouped({ orders: board.orders, hourly, cells });
  }
  const headings = useMemo(
    () => new Map(board.days.map((day) => [day.date, formatDayHeading(day.date, language)])),
    [board.days, language],
  );
  const workingDays = useMemo(
    () => new Map(board.days.map((day) => [day.date, day.isWorkingDay])),
    [board.days],
  );
  const columnWidth = hourly ? 120 : board.days.length > 7 ? 120 : 160;

  return (
    <OnScreenContext.Provider value={watch}>
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
                  {headings.get(day.date)}
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
          {board.technicians.map((technician) => {
            const first = technician.cells[0];
            return (
              <tr key={technician.id}>
                <th scope="row" style={stickyRow}>
                  <div
                    className={`${classes.semi} ${classes.truncate}`}
                    style={{ fontSize: 'var(--mantine-font-size-sm)' }}
                    title={technician.fullName}
                  >
                    {technician.fullName}
                  </div>
                  {!technician.isActive && (
                    <div className={`${classes.text} ${classes.dimmed}`}>{t('schedule.board.inactive')}</div>
                  )}
                </th>
                {technician.cells.map((cell) => (
                  <DropCell
                    key={cell.date}
                    technicianId={technician.id}
                    technicianName={technician.fullName}
                    date={cell.date}
                    day={headings.get(cell.date) ?? cell.date}
                    muted={cell.off || !technician.isActive || cell.availableMinutes === 0}
                    capacity={cell}
                    partnerClosed={!(workingDays.get(cell.date) ?? true)}
                    cards={cells.get(cellKey(technician.id, cell.date))}
                    texts={texts}
                    t={t}
                    language={language}
                    onSchedule={onSchedule}
                  />
                ))}
                {hourly &&
                  first !== undefined &&
                  DAY_HOURS.map((hour) => (
                    <DropCell
                      key={hour}
                      technicianId={technician.id}
                      technicianName={technician.fullName}
                      date={first.date}
                      day={headings.get(first.date) ?? first.date}
                      slot={hour}
                      muted={first.off || !technician.isActive}
                      cards={cells.get(cellKey(technician.id, first.date, hour))}
                      texts={texts}
                      t={t}
                      language={language}
                      onSchedule={onSchedule}
                    />
                  ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </OnScreenContext.Provider>
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
