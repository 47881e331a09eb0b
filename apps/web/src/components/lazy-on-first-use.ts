import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType, PointerEvent, RefObject } from 'react';

/**
 * Decision 034: a part of the top bar that only a user action shows (a menu, the bell's list, the
 * search suggestions) is a separate chunk, loaded on that action instead of with the first paint.
 * The module is asked for once; a failed load is asked for again on the next action.
 */
export function lazyOnFirstUse<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const listeners = new Set<(component: ComponentType<P>) => void>();

  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of [...listeners]) listener(component);
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  /** The loaded component (null until then) and `request`, which loads it and then renders it. */
  function useLoaded(): [ComponentType<P> | null, () => Promise<boolean>] {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const mounted = useRef(true);
    useEffect(() => {
      mounted.current = true;
      return () => {
        mounted.current = false;
      };
    }, []);
    const request = useCallback(
      () =>
        preload().then(
          (c) => {
            if (mounted.current) setComponent(() => c);
            return mounted.current;
          },
          () => false,
        ),
      [],
    );
    return [component, request];
  }

  /** The component if its module has arrived (for a first render that needs no state change). */
  const current = (): ComponentType<P> | null => loaded;

  /**
   * Calls `listener` when the module arrives, whoever asked for it (a part shown many times on a
   * screen swaps every copy at once). Returns the unsubscribe.
   */
  const onLoad = (listener: (component: ComponentType<P>) => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return { preload, useLoaded, current, onLoad };
}

/**
 * The handlers of a trigger button shown until its popup's module is loaded: a pointer over it or a
 * key on it starts the load, the click (mouse, Enter or Space) asks for the popup to open once loaded.
 */
export function placeholderTriggerProps(preload: () => unknown, open: () => unknown) {
  return {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') void preload();
    },
    onPointerDown: () => void preload(),
    onKeyDown: () => void preload(),
    onClick: () => void open(),
  };
}

/**
 * State of a popup rendered by the loaded module. `openOnMount`: the placeholder's button was
 * clicked. The new button takes the focus first, so the popup returns it there on close, then opens.
 */
export function useOpenedOnMount<T extends HTMLElement>(
  openOnMount: boolean,
): {
  opened: boolean;
  setOpened: (opened: boolean | ((o: boolean) => boolean)) => void;
  targetRef: RefObject<T | null>;
} {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<T>(null);
  const first = useRef(openOnMount);
  useEffect(() => {
    if (!first.current) return;
    first.current = false;
    targetRef.current?.focus();
    setOpened(true);
  }, []);
  return { opened, setOpened, targetRef };
}
