import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setDisplayTimeZone } from '../../../lib/time-zone.ts';
import {
  getActingPartnerId,
  getSessionEndReason,
  getStoredUserJson,
  getToken,
  parseStoredUser,
  subscribeSession,
} from '../../../lib/auth-storage.ts';
import { useProfile } from '../api/get-profile.ts';
import { seedProfileFromSession } from '../session-profile.ts';
import { AuthContext } from '../hooks/use-auth.ts';
import type { AuthState } from '../hooks/use-auth.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeSession, getToken, () => null);
  const storedUserJson = useSyncExternalStore(subscribeSession, getStoredUserJson, () => null);
  const endReason = useSyncExternalStore(subscribeSession, getSessionEndReason, () => null);
  const storedUser = useMemo(() => parseStoredUser(storedUserJson), [storedUserJson]);
  const profile = useProfile({ enabled: token !== null });

  // Cached server data belongs to whoever held the token: a new token (sign-in, sign-out, a 401, or
  // another tab) starts from an empty cache so one user never sees another's data.
  useEffect(() => {
    let lastToken = getToken();
    return subscribeSession(() => {
      const next = getToken();
      if (next === lastToken) return;
      lastToken = next;
      queryClient.clear();
      seedProfileFromSession(queryClient);
    });
  }, [queryClient]);

  const { data: profileUser, isError, refetch, errorUpdatedAt } = profile;
  // The profile failed once (no network at start): asked again (back online), the query is
  // "pending" until it answers, which must not take the screen away for a loader meanwhile.
  const failedBefore = errorUpdatedAt > 0;
  const state = useMemo<AuthState>(() => {
    if (token === null) return { status: 'unauthenticated', signedOut: endReason === 'signedOut' };
    if (profileUser !== undefined) return { status: 'authenticated', user: profileUser };
    if (isError || failedBefore) {
      // Spec §4: failed validation at start keeps the current user. A 401 never gets here: the API
      // client has already cleared the token.
      if (storedUser !== null) return { status: 'authenticated', user: storedUser };
      if (isError) return { status: 'error', retry: () => void refetch() };
    }
    return { status: 'loading' };
  }, [token, endReason, profileUser, isError, failedBefore, storedUser, refetch]);

  // Times on every screen are in the partner's zone (decision 029). Set before the screens render;
  // a global administrator's zone is the acting partner's, which the partner switcher sets.
  if (state.status === 'authenticated' && !(state.user.isGlobalAdmin && getActingPartnerId() !== null)) {
    setDisplayTimeZone(state.user.servicePartnerTimeZone);
  }

  return <AuthContext value={state}>{children}</AuthContext>;
}
