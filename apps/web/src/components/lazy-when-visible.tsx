import { useEffect, useRef, useState } from 'react';
import type { ComponentType, Ref } from 'react';
import { Box, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from './load-error-alert.tsx';

/** How far below (or above) the viewport a placeholder starts its part's download. */
export const LAZY_ROOT_MARGIN = '400px 0px';

type Loader<P> = () => Promise<ComponentType<P>>;
interface Loading {
  promise: Promise<ComponentType<never>>;
  component?: ComponentType<never>;
}

/** Parts asked for, by loader: one download each, and a part shown again renders at once. */
const parts = new Map<Loader<never>, Loading>();

/**
 * Starts (or joins) a part's download: for a handler that shows the part at once after a click
 * (add a line, then focus it), so the part is there when the state change renders it.
 */
export function preloadPart<P>(load: Loader<P>): Promise<ComponentType<P>> {
  const key = load as Loader<never>;
  let loading = parts.get(key);
  if (loading === undefined) {
    const entry: Loading = {
      promise: load().then(
        (component) => {
          entry.component = component as ComponentType<never>;
          return component as ComponentType<never>;
        },
        (error: unknown) => {
          parts.delete(key); // a retry downloads again
          throw error;
        },
      ),
    };
    loading = entry;
    parts.set(key, loading);
  }
  return loading.promise as Promise<ComponentType<P>>;
}

function loadedPart<P>(load: Loader<P>): ComponentType<P> | undefined {
  return parts.get(load as Loader<never>)?.component as ComponentType<P> | undefined;
}

/** Whether the part is loaded (renders at once, without a placeholder). */
export function partLoaded<P>(load: Loader<P>): boolean {
  return loadedPart(load) !== undefined;
}

type Phase<P> = { kind: 'waiting' } | { kind: 'ready'; Component: ComponentType<P> } | { kind: 'failed' };

export interface LazyWhenVisibleProps<P extends object> {
  /** Resolves to the component (a dynamic import); called once the placeholder nears the viewport. */
  load: Loader<P>;
  props: P;
  /** The placeholder's height in px: about the loaded part's, so the page does not jump. */
  minHeight: number;
  /** Load now, wherever it is: the reader came for this part (a link to it). */
  immediate?: boolean;
}

/**
 * A part of a page far down, downloaded only when the reader scrolls (or tabs, which scrolls) to
 * within LAZY_ROOT_MARGIN of it; until then a skeleton of about its height, announced as loading.
 * Without IntersectionObserver (jsdom in unit tests, very old browsers) it loads at once. A chunk
 * that fails to download shows the app's load error with a retry.
 */
export function LazyWhenVisible<P extends object>({
  load,
  props,
  minHeight,
  immediate = false,
}: LazyWhenVisibleProps<P>) {
  const [phase, setPhase] = useState<Phase<P>>(() => {
    const Component = loadedPart(load);
    return Component ? { kind: 'ready', Component } : { kind: 'waiting' };
  });
  const placeholder = useRef<HTMLDivElement>(null);
  const waiting = phase.kind === 'waiting';

  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    const start = () => {
      preloadPart(load).then(
        (Component) => {
          if (!cancelled) setPhase({ kind: 'ready', Component });
        },
        () => {
          if (!cancelled) setPhase({ kind: 'failed' });
        },
      );
    };
    const element = placeholder.current;
    if (immediate || typeof IntersectionObserver === 'undefined' || element === null) {
      start();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [waiting, load, immediate]);

  if (phase.kind === 'ready') {
    const { Component } = phase;
    return <Component {...props} />;
  }
  if (phase.kind === 'failed') return <LoadFailed onRetry={() => setPhase({ kind: 'waiting' })} />;
  return <Placeholder ref={placeholder} minHeight={minHeight} />;
}

function Placeholder({ ref, minHeight }: { ref: Ref<HTMLDivElement>; minHeight: number }) {
  const { t } = useTranslation();
  return (
    <Box ref={ref} role="status" aria-busy="true" aria-label={t('app.loading')} mih={minHeight}>
      <Skeleton h={minHeight} radius="md" />
    </Box>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadErrorAlert message={t('errors.loadData')} onRetry={onRetry} />;
}

/** A part's props, plus `immediate` (load now: the reader came for it). */
export type LazyPartProps<P> = P & { immediate?: boolean };

/**
 * `LazyWhenVisible` as a component of its own, for a route module to compose:
 * `const WorkLogPanel = lazyWhenVisible(() => import('…').then((m) => m.WorkLogPanel), 150)`.
 */
export function lazyWhenVisible<P extends object>(
  load: Loader<P>,
  minHeight: number,
): ComponentType<LazyPartProps<P>> {
  function LazyPart({ immediate, ...props }: LazyPartProps<P>) {
    return <LazyWhenVisible load={load} props={props as P} minHeight={minHeight} immediate={immediate} />;
  }
  return LazyPart;
}
