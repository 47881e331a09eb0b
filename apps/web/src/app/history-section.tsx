import { lazyWhenVisible } from '../components/lazy-when-visible.tsx';

/**
 * The History section of a page (issue 26): the history feature's panel, downloaded when the reader
 * scrolls near it. Route modules place it; features do not import each other.
 */
export const HistorySection = lazyWhenVisible(
  () => import('../features/history/components/history-panel.tsx').then((m) => m.HistoryPanel),
  220,
);
