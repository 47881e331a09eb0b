import { useSyncExternalStore } from 'react';
import { getActingPartnerId, subscribeSession } from './auth-storage.ts';

/** The partner a global administrator acts for (null: none chosen), kept in step across tabs. */
export function useActingPartnerId(): string | null {
  return useSyncExternalStore(subscribeSession, getActingPartnerId, () => null);
}
