import { createContext, useContext, useEffect, useState } from 'react';
import type { RefObject } from 'react';

type Listener = (onScreen: boolean) => void;

/**
 * Which of many elements (the board's cells) are on screen or near it, through one shared
 * IntersectionObserver. While held (a drag is under way) elements only ever come on screen: the
 * dragged card's cell must not drop its draggable when auto-scroll carries it out of view; what
 * left the screen meanwhile is reported when the hold ends.
 */
export class OnScreenWatch {
  private readonly observer: IntersectionObserver | null;
  private readonly listeners = new Map<Element, Listener>();
  private readonly latest = new Map<Element, boolean>();
  private held = false;

  constructor(rootMargin: string) {
    this.observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) this.report(entry.target, entry.isIntersecting);
            },
            { rootMargin },
          );
  }

  /** Without IntersectionObserver (jsdom) everything counts as on screen. */
  get supported(): boolean {
    return this.observer !== null;
  }

  watch(element: Element, listener: Listener): () => void {
    this.listeners.set(element, listener);
    this.observer?.observe(element);
    return () => {
      this.observer?.unobserve(element);
      this.listeners.delete(element);
      this.latest.delete(element);
    };
  }

  hold(held: boolean): void {
    this.held = held;
    if (held) return;
    for (const [element, onScreen] of this.latest) if (!onScreen) this.listeners.get(element)?.(false);
  }

  private report(element: Element, onScreen: boolean): void {
    this.latest.set(element, onScreen);
    if (!onScreen && this.held) return;
    this.listeners.get(element)?.(onScreen);
  }
}

export const OnScreenContext = createContext<OnScreenWatch | null>(null);

/** Whether the element is on screen (or near it); true where nothing watches (no provider, jsdom). */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const watch = useContext(OnScreenContext);
  const [onScreen, setOnScreen] = useState(() => watch === null || !watch.supported);
  useEffect(() => {
    const element = ref.current;
    if (watch === null || !watch.supported || element === null) return;
    return watch.watch(element, setOnScreen);
  }, [watch, ref]);
  return onScreen;
}
