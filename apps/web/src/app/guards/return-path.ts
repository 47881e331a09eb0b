import type { Location } from 'react-router';

/** What RequireAuth leaves in the /login location state so sign-in can return there. */
export interface LoginLocationState {
  from?: string;
}

export function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Only same-app paths: never another origin ("//host") and never back to the login page itself. */
export function returnPathFrom(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login#')) return '/';
  return from;
}
