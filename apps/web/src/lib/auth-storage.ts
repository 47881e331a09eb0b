import { STORAGE_KEYS, userSchema } from '@service-portal/shared/auth';
import type { User } from '@service-portal/shared/auth';

export type AuthMethod = 'otp' | 'shopify';

export interface StoredSession {
  token: string;
  method: AuthMethod;
  user: User;
}

const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.method, STORAGE_KEYS.user, STORAGE_KEYS.actingPartner];

/** Why the last session ended: a deliberate sign-out, or the server rejecting the token (401). */
export type SessionEndReason = 'signedOut' | 'rejected';

type Listener = () => void;
const listeners = new Set<Listener>();
let endReason: SessionEndReason | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

// Private mode and full quotas make localStorage throw; signing in should still work for the tab.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* the session then lives only as long as this page */
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing stored, nothing to remove */
  }
}

/** Subscribes to session changes in this tab and, through the storage event, in other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.includes(event.key as (typeof SESSION_KEYS)[number])) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getToken(): string | null {
  const token = read(STORAGE_KEYS.token);
  return token === null || token === '' ? null : token;
}

export function getAuthMethod(): AuthMethod | null {
  const method = read(STORAGE_KEYS.method);
  return method === 'otp' || method === 'shopify' ? method : null;
}

/** The raw stored user; kept as text so React can compare snapshots cheaply. */
export function getStoredUserJson(): string | null {
  return read(STORAGE_KEYS.user);
}

/** Stored data may come from an older version of the app or be tampered with: never trust its shape. */
export function parseStoredUser(json: string | null): User | null {
  if (json === null) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function getStoredUser(): User | null {
  return parseStoredUser(getStoredUserJson());
}

export function saveSession(session: StoredSession): void {
  endReason = null;
  write(STORAGE_KEYS.token, session.token);
  write(STORAGE_KEYS.method, session.method);
  write(STORAGE_KEYS.user, JSON.stringify(session.user));
  notify();
}

export function saveUser(user: User): void {
  const json = JSON.stringify(user);
  if (read(STORAGE_KEYS.user) === json) return;
  write(STORAGE_KEYS.user, json);
  notify();
}

/** Ends the session; the acting partner goes too, so the next person to sign in starts clean. */
export function clearSession(reason: SessionEndReason): void {
  const hadSession = SESSION_KEYS.some((key) => read(key) !== null);
  for (const key of SESSION_KEYS) remove(key);
  if (!hadSession) return;
  endReason = reason;
  notify();
}

/** Kept in memory only: after a reload nobody is mid-way through signing out. */
export function getSessionEndReason(): SessionEndReason | null {
  return endReason;
}

export function getActingPartnerId(): string | null {
  const id = read(STORAGE_KEYS.actingPartner);
  return id === null || id === '' ? null : id;
}

/** A global administrator's chosen partner; every subscriber (guards, the switcher, the badge) follows. */
export function setActingPartnerId(id: string | null): void {
  if (getActingPartnerId() === id) return;
  if (id === null) remove(STORAGE_KEYS.actingPartner);
  else write(STORAGE_KEYS.actingPartner, id);
  notify();
}
