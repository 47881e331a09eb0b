import { useSyncExternalStore } from 'react';
import { getActingPartnerId, subscribeSession } from '../../../lib/auth-storage.ts';
import { useCurrentUser } from './use-auth.ts';

/** The partner a global administrator acts for (null: none chosen), kept in step across tabs. */
export function useActingPartnerId(): string | null {
  return useSyncExternalStore(subscribeSession, getActingPartnerId, () => null);
}

/**
 * Whether partner-scoped requests can succeed: the user belongs to a partner, or a global
 * administrator has chosen one (the API client then sends X-Service-Partner-Id).
 */
export function useHasPartner(): boolean {
  const user = useCurrentUser();
  const acting = useActingPartnerId();
  return user.servicePartnerId !== null || acting !== null;
}
