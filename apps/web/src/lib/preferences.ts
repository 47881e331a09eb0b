import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';

const listeners = new Set<() => void>();
/** The products screen's view (cards with pictures or a table), remembered on this device. */
export const PRODUCTS_VIEW_KEY = 'productsView';

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.autosave || event.key === PRODUCTS_VIEW_KEY)
      listener();
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

export type ProductsView = 'cards' | 'table';

export function getProductsView(): ProductsView {
  try {
    return window.localStorage.getItem(PRODUCTS_VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

export function setProductsView(view: ProductsView): void {
  try {
    window.localStorage.setItem(PRODUCTS_VIEW_KEY, view);
  } catch {
    /* the choice then lasts only for this page */
  }
  for (const listener of listeners) listener();
}

export function useProductsViewPreference(): [view: ProductsView, setView: (view: ProductsView) => void] {
  const view = useSyncExternalStore(subscribe, getProductsView, () => 'cards' as const);
  return [view, setProductsView];
}
