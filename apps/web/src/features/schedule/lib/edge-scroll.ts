import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

export type Point = { x: number; y: number };

/** How long the pointer stays over the board before its edges scroll it. */
export const EDGE_SCROLL_DELAY_MS = 400;

/** Whether the pointer is over the element (the keyboard's moves scroll into view themselves). */
export function pointerInside(element: Element | null, point: Point | null): boolean {
  if (element === null || point === null) return false;
  const rect = element.getBoundingClientRect();
  return point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;
}

/**
 * When a drag may scroll the board by holding a card near its edge: only the board's own scroller
 * (and the page), only while the pointer is over the board, and only once the pointer has been
 * over it for a moment. A card carried in from the list beside the board crosses the board's edge
 * on its way to a day; without the pause that crossing scrolled the board under the pointer, and
 * the card landed on another day (the slower the crossing, the further it went).
 *
 * `track` takes every pointer position of the drag, `stop` ends it; `canScroll` goes to dnd-kit's
 * auto-scroll, which asks again whenever it changes (so a pointer held still at the edge starts
 * scrolling when the pause is over).
 */
export function useEdgeScroll(scroller: RefObject<HTMLElement | null>) {
  const [armed, setArmed] = useState(false);
  const pointer = useRef<Point | null>(null);
  const inside = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const disarm = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    inside.current = false;
    setArmed(false);
  }, []);

  const track = useCallback(
    (point: Point | null) => {
      pointer.current = point;
      const over = pointerInside(scroller.current, point);
      if (over && !inside.current) {
        inside.current = true;
        timer.current = setTimeout(() => setArmed(true), EDGE_SCROLL_DELAY_MS);
      } else if (!over && inside.current) {
        disarm();
      }
    },
    [scroller, disarm],
  );

  const stop = useCallback(() => {
    pointer.current = null;
    disarm();
  }, [disarm]);

  const canScroll = useCallback(
    (element: Element) =>
      armed &&
      (element === scroller.current || element === document.scrollingElement) &&
      pointerInside(scroller.current, pointer.current),
    [armed, scroller],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { canScroll, track, stop };
}
