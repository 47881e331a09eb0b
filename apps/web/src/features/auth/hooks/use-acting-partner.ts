import { useActingPartnerId } from '../../../lib/use-acting-partner.ts';
import { useCurrentUser } from './use-auth.ts';

/**
 * Whether partner-scoped requests can succeed: the user belongs to a partner, or a global
 * administrator has chosen one (the API client then sends X-Service-Partner-Id).
 */
export function useHasPartner(): boolean {
  const user = useCurrentUser();
  const acting = useActingPartnerId();
  return user.servicePartnerId !== null || acting !== null;
}
