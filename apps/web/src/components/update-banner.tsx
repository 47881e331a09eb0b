import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeUpdate, updateReady } from '../lib/service-worker.ts';

// Loaded on first use (decision 034): most sessions never see a new version arrive.
const UpdateNotice = lazy(() => import('./update-notice.tsx'));

/** "A new version is ready — Reload": offered, never forced in the middle of work. */
export function UpdateBanner() {
  const ready = useSyncExternalStore(subscribeUpdate, updateReady, () => false);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  );
}
