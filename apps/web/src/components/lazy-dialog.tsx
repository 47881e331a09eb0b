import { lazy, Suspense, useEffect, useState } from 'react';
import type { ComponentType } from 'react';

/** How a dialog says it is open, and the same props with it closed. */
export interface DialogState<Props> {
  isOpen: (props: Props) => boolean;
  closed: (props: Props) => Props;
}

const BY_OPENED: DialogState<{ opened: boolean }> = {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
};

/**
 * A dialog whose code downloads on its first opening (the click that opens it), not with the page
 * (issue 18: weight; decisions 035 and 032). Until then nothing renders. Once loaded it stays
 * mounted, so it closes with its transition. It mounts closed and opens right after, so Mantine's
 * Modal records the element that had focus (the button) and gives focus back to it on closing, as
 * when the dialog was always there. A download that fails reaches the route's error screen, as a
 * route chunk's does. Dialogs with an `opened` prop need no `state`; others say how they open
 * (`{ isOpen: (p) => p.rental !== null, closed: (p) => ({ ...p, rental: null }) }`).
 */
export function lazyDialog<Props extends { opened: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props>;
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  state: DialogState<Props>,
): ComponentType<Props>;
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  state: DialogState<Props> = BY_OPENED as unknown as DialogState<Props>,
): ComponentType<Props> {
  const Loaded = lazy(async () => {
    const Dialog = await load();
    function OpenAfterMount(props: Props) {
      const [mounted, setMounted] = useState(false);
      useEffect(() => setMounted(true), []);
      return <Dialog {...(mounted ? props : state.closed(props))} />;
    }
    return { default: OpenAfterMount };
  });
  function LazyDialog(props: Props) {
    const open = state.isOpen(props);
    const [wanted, setWanted] = useState(open);
    // Adjusting state while rendering (react.dev "storing information from previous renders").
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/** The app's confirmation dialog (components/confirm-dialog.tsx), loaded when first asked. */
export const ConfirmDialog = lazyDialog(() =>
  import('./confirm-dialog.tsx').then((m) => m.ConfirmDialogContent),
);
