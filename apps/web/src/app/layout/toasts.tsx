import '@mantine/notifications/styles.css';
import { useEffect } from 'react';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';

/**
 * The toasts shown before this module arrived (app-layout.tsx loads it with the first toast,
 * decision 034). Already in the store when the container mounts, they would just appear (its
 * transition group animates only what comes later), so they leave the store as the module loads,
 * the container mounts empty, and on its first frame they are shown again and slide in as every
 * later toast does.
 */
let early: NotificationData[] = [
  ...notificationsStore.getState().notifications,
  ...notificationsStore.getState().queue,
];
notifications.clean();

/** Mantine's toast container; app-layout.tsx mounts it once the first toast is shown. */
export default function Toasts() {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      for (const toast of early) notifications.show(toast);
      early = [];
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return <Notifications position="top-right" zIndex={1000} />;
}
