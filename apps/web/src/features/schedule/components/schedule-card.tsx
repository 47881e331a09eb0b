import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, RefObject, SyntheticEvent, TouchEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ScheduleCard as Card } from '@service-portal/shared/schedule';
import type { Priority } from '@service-portal/shared/service-orders';
import { formatDuration } from '../lib/format.ts';
import classes from './board.module.css';

export const cardDragId = (id: string) => `card:${id}`;

/** The words every card repeats, translated once per language rather than once per card. */
export interface CardTexts {
  move(label: string): string;
  scheduleNamed(label: string): string;
  schedule: string;
  noDuration: string;
  priority: Record<Priority, string>;
  duration(minutes: number, isDefault: boolean): string;
}

// Stands for the order in a template translated once ("Move \uE000"), then filled per card.
const SLOT = '\uE000';
function filler(template: string): (value: string) => string {
  const [before = '', after] = template.split(SLOT);
  return after === undefined ? () => before : (value) => before + value + after;
}

export function cardTexts(t: TFunction): CardTexts {
  const durations = new Map<string, string>();
  return {
    move: filler(t('schedule.card.move', { order: SLOT })),
    scheduleNamed: filler(t('schedule.card.scheduleNamed', { order: SLOT })),
    schedule: t('schedule.card.schedule'),
    noDuration: t('schedule.card.noDuration'),
    priority: {
      low: t('schedule.priority.low'),
      normal: t('schedule.priority.normal'),
      high: t('schedule.priority.high'),
      critical: t('schedule.priority.critical'),
    },
    duration(minutes, isDefault) {
      const key = `${minutes}${isDefault ? 'd' : ''}`;
      let text = durations.get(key);
      if (text === undefined) {
        const plain = formatDuration(t, minutes);
        text = isDefault ? t('schedule.card.defaultDuration', { duration: plain }) : plain;
        durations.set(key, text);
      }
      return text;
    },
  };
}

/** The card texts of the reader's language (one `useTranslation` for a whole board or list). */
export function useCardTexts(): CardTexts {
  const { t } = useTranslation();
  return useMemo(() => cardTexts(t), [t]);
}

interface CardBodyProps {
  card: Card;
  texts: CardTexts;
  /** Opens the "Schedule…" dialog (the keyboard and touch path). */
  onSchedule?: ((card: Card) => void) | undefined;
  /** The move handle's element (no handle on a read-only card and on the drag overlay's copy). */
  handleRef?: RefObject<HTMLButtonElement | null> | undefined;
  onHandleKeyDown?: ((event: KeyboardEvent) => void) | undefined;
  compact?: boolean;
  /** The copy that follows the pointer while dragging. */
  floating?: boolean;
}

/** What a card shows: number, title, customer, priority, start time and duration. Plain elements. */
export const CardBody = memo(function CardBody({
  card,
  texts,
  onSchedule,
  handleRef,
  onHandleKeyDown,
  compact = false,
  floating = false,
}: CardBodyProps) {
  const label = `${card.orderNumber} ${card.title}`;
  return (
    <div
      className={floating ? `${classes.card} ${classes.floating}` : classes.card}
      data-priority={card.priority}
    >
      <div className={classes.row}>
        {handleRef !== undefined && (
          <button
            type="button"
            ref={handleRef}
            className={classes.handle}
            aria-label={texts.move(label)}
            onKeyDown={onHandleKeyDown}
          />
        )}
        <div className={`${classes.body} ${classes.text}`}>
          <div className={`${classes.strong} ${classes.truncate}`}>
            {card.start === null ? card.orderNumber : `${card.start} · ${card.orderNumber}`}
          </div>
          <div className={classes.truncate} title={card.title}>
            {card.title}
          </div>
          {!compact && (
            <div className={`${classes.dimmed} ${classes.truncate}`}>
              {card.postcode === null ? card.customerName : `${card.customerName} · ${card.postcode}`}
            </div>
          )}
          <div className={classes.meta}>
            {/* The colour is the card's edge; the text keeps the body colour for contrast. */}
            <span className={classes.strong}>{texts.priority[card.priority]}</span>
            <span className={`${classes.dimmed} ${classes.truncate}`}>
              ·{' '}
              {card.durationMinutes === null ? (
                <span className={classes.alarm}>
                  <IconAlertTriangle size={12} aria-hidden="true" /> {texts.noDuration}
                </span>
              ) : (
                texts.duration(card.durationMinutes, card.durationIsDefault)
              )}
            </span>
          </div>
        </div>
      </div>
      {onSchedule !== undefined && (
        <button
          type="button"
          className={classes.schedule}
          aria-label={texts.scheduleNamed(label)}
          onClick={() => onSchedule(card)}
        >
          {texts.schedule}
        </button>
      )}
    </div>
  );
});

/** The sensors' activators dnd-kit hands a draggable (its `listeners`), by React event prop. */
type Listeners =
  Partial<Record<'onKeyDown' | 'onMouseDown' | 'onTouchStart', (event: SyntheticEvent) => void>> | undefined;

/**
 * The card's registration with dnd-kit, rendered only while the card is on screen: it binds the
 * card's own elements (no new ones, so focus and the DOM stay put when a card comes into view)
 * and reports the sensors' listeners, which the card's handlers call.
 */
function DragBinding({
  card,
  root,
  handle,
  onListeners,
}: {
  card: Card;
  root: RefObject<HTMLDivElement | null>;
  handle: RefObject<HTMLButtonElement | null>;
  onListeners: (listeners: Listeners) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(card.id),
    data: { card },
  });
  // After the commit, not in a layout effect: the card's own element (this binding's parent) gets
  // its ref only after its children's layout effects have run.
  useEffect(() => {
    setNodeRef(root.current);
    setActivatorNodeRef(handle.current);
    return () => {
      setNodeRef(null);
      setActivatorNodeRef(null);
    };
  }, [root, handle, setNodeRef, setActivatorNodeRef]);
  useLayoutEffect(() => {
    onListeners(listeners);
    return () => onListeners(undefined);
  }, [listeners, onListeners]);
  useLayoutEffect(() => {
    const element = handle.current;
    if (element === null) return;
    // What screen readers hear: "draggable", the instructions, pressed while carried.
    const aria = {
      'aria-roledescription': attributes['aria-roledescription'],
      'aria-describedby': attributes['aria-describedby'],
      'aria-pressed': attributes['aria-pressed'] === true ? 'true' : undefined,
    };
    for (const [name, value] of Object.entries(aria))
      if (value === undefined) element.removeAttribute(name);
      else element.setAttribute(name, value);
    return () => {
      for (const name of Object.keys(aria)) element.removeAttribute(name);
    };
  }, [attributes, handle]);
  useLayoutEffect(() => {
    const element = root.current;
    element?.toggleAttribute('data-dragging', isDragging);
    return () => element?.removeAttribute('data-dragging');
  }, [root, isDragging]);
  return null;
}

/**
 * A card on the board or in the list. The mouse drags it by any part (after 6 px, so a click on
 * its button stays a click), a finger after a short press; the keyboard lifts it by its handle.
 * Only a card on screen (`live`) is registered with dnd-kit: a drag re-renders every registered
 * card, and a two-week board holds 1,000; one off screen is the same card, not yet draggable.
 */
export const BoardCard = memo(function BoardCard({
  card,
  texts,
  onSchedule,
  compact = false,
  live = true,
}: {
  card: Card;
  texts: CardTexts;
  /** Without it the card is read only (staff who are not managers): no drag, no dialog. */
  onSchedule?: ((card: Card) => void) | undefined;
  compact?: boolean;
  live?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLButtonElement>(null);
  const listeners = useRef<Listeners>(undefined);
  const onListeners = useCallback((bound: Listeners) => {
    listeners.current = bound;
  }, []);
  const onHandleKeyDown = useCallback((event: KeyboardEvent) => listeners.current?.onKeyDown?.(event), []);
  if (onSchedule === undefined) {
    return (
      <div data-card={card.orderNumber}>
        <CardBody card={card} texts={texts} compact={compact} />
      </div>
    );
  }
  return (
    <div
      ref={root}
      data-card={card.orderNumber}
      className={classes.draggable}
      onMouseDown={(event: MouseEvent) => listeners.current?.onMouseDown?.(event)}
      onTouchStart={(event: TouchEvent) => listeners.current?.onTouchStart?.(event)}
    >
      <CardBody
        card={card}
        texts={texts}
        onSchedule={onSchedule}
        compact={compact}
        handleRef={handleRef}
        onHandleKeyDown={onHandleKeyDown}
      />
      {live && <DragBinding card={card} root={root} handle={handleRef} onListeners={onListeners} />}
    </div>
  );
});
