import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';

const LeaveDialog = lazyDialog(() => import('./leave-dialog.tsx').then((m) => m.LeaveDialog));

/**
 * Asks before leaving a page with unsaved changes: in-app navigation through the router's blocker,
 * reloading or closing the tab through the browser's own prompt.
 */
export function LeaveGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (shouldBlock()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldBlock]);

  return (
    <LeaveDialog
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
