import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container; app-layout.tsx mounts it once the first toast is shown (decision 034). */
export default function Toasts() {
  return <Notifications position="top-right" zIndex={1000} />;
}
