import type { ReactNode } from 'react';
import { isAllowed } from '@service-portal/shared/access';
import type { Access } from '@service-portal/shared/access';
import { AccessDenied } from '../../components/access-denied.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';

/** Role gate inside the protected layout; a user without the role sees Access Denied, not a redirect. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const user = useCurrentUser();
  return isAllowed(user, access) ? children : <AccessDenied />;
}
