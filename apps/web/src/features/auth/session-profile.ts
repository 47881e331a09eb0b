import type { QueryClient } from '@tanstack/react-query';
import { getStoredUserJson, getToken, parseStoredUser } from '../../lib/auth-storage.ts';
import { profileQueryOptions } from './api/get-profile.ts';

/**
 * A session that has just started (a sign-in in this tab or another) brings the user the server
 * returned with its token; the profile query starts from that user instead of asking again. Not for
 * a session found at start-up: spec §4 validates that one with the server.
 */
export function seedProfileFromSession(queryClient: QueryClient): void {
  if (getToken() === null) return;
  const user = parseStoredUser(getStoredUserJson());
  if (user !== null) queryClient.setQueryData(profileQueryOptions().queryKey, user);
}
