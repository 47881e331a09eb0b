import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.autosave) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Spec §4: autosave of service orders is on unless the user turned it off. */
export function getAutosaveEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.autosave) !== 'false';
  } catch {
    return true;
  }
}

export function setAutosaveEnabled(enabled: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.autosave, String(enabled));
  } catch {
    /* the choice then lasts only for this page */
  }
  for (const listener of listeners) listener();
}

export function useAutosavePreference(): [enabled: boolean, setEnabled: (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, getAutosaveEnabled, () => true);
  const setEnabled = useCallback((next: boolean) => setAutosaveEnabled(next), []);
  return [enabled, setEnabled];
}
