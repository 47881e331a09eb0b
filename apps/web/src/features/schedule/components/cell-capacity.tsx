import { IconAlertTriangle, IconBeach } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ScheduleCell } from '@service-portal/shared/schedule';
import { formatHours } from '../lib/format.ts';
import classes from './board.module.css';

interface CellLoadProps {
  cell: ScheduleCell;
  closed?: boolean;
  t: TFunction;
  language: string;
}

/**
 * A technician-day's load: booked against available hours; overbooking marked by an icon and words
 * as well as colour; a day off with its reason; a day the technician does not work; a day the
 * partner is closed (`closed`). Plain elements, the words from the board's one `t`: the two-week
 * board shows 700 of these.
 */
export function CellLoad({ cell, closed = false, t, language }: CellLoadProps) {
  let load;
  if (closed) {
    // The partner does not work that weekday (its working days, set in Pricing).
    load = <div className={`${classes.semi} ${classes.dimmed}`}>{t('schedule.cell.closed')}</div>;
  } else if (cell.off) {
    load = (
      <div className={`${classes.iconLine} ${classes.dimmed}`}>
        <IconBeach size={14} aria-hidden="true" />
        <span className={classes.semi}>
          {cell.offReason
            ? t('schedule.cell.offWithReason', { reason: cell.offReason })
            : t('schedule.cell.off')}
        </span>
      </div>
    );
  } else if (cell.availableMinutes === 0 && cell.bookedMinutes === 0) {
    load = <div className={classes.dimmed}>{t('schedule.cell.notWorking')}</div>;
  } else {
    load = (
      <div className={cell.overbooked ? `${classes.semi} ${classes.alarm}` : classes.semi}>
        {t('schedule.cell.capacity', {
          booked: formatHours(cell.bookedMinutes, language),
          available: formatHours(cell.availableMinutes, language),
        })}
      </div>
    );
  }
  return (
    <div className={classes.text}>
      {load}
      {cell.overbooked && (
        <div className={`${classes.iconLine} ${classes.alarm}`}>
          <IconAlertTriangle size={14} aria-hidden="true" />
          <span className={classes.strong}>
            {t('schedule.cell.overbooked', {
              hours: formatHours(cell.bookedMinutes - cell.availableMinutes, language),
            })}
          </span>
        </div>
      )}
    </div>
  );
}

/** `CellLoad` with the reader's language, for a cell shown on its own. */
export function CellCapacity({ cell, closed = false }: { cell: ScheduleCell; closed?: boolean }) {
  const { t, i18n } = useTranslation();
  return <CellLoad cell={cell} closed={closed} t={t} language={i18n.language} />;
}
