import { createContext, useContext } from 'react';
import type { User } from '@service-portal/shared/auth';

/** Spec §4: loading at start, then a user or none; error when the user cannot be established at all. */
export type AuthState =
  | { status: 'loading' }
  | { status: 'unauthenticated'; signedOut: boolean }
  | { status: 'error'; retry: () => void }
  | { status: 'authenticated'; user: User };

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** For screens that only render inside the protected layout, where a user is guaranteed. */
export function useCurrentUser(): User {
  const state = useAuth();
  if (state.status !== 'authenticated') throw new Error('useCurrentUser needs a signed-in user');
  return state.user;
}
