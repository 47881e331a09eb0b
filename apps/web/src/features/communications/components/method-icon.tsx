import { IconMail, IconMessage, IconPhone, IconUsers } from '@tabler/icons-react';
import type { CommunicationMethod } from '@service-portal/shared/communications';

const ICONS = { email: IconMail, sms: IconMessage, phone: IconPhone, in_person: IconUsers } as const;

export function MethodIcon({ method, size = 16 }: { method: CommunicationMethod; size?: number }) {
  const Icon = ICONS[method];
  return <Icon size={size} aria-hidden="true" />;
}
