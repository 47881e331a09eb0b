import { WebhooksScreen } from '../../features/webhooks/components/webhooks-screen.tsx';

export default function WebhooksRoute() {
  return <WebhooksScreen />;
}
