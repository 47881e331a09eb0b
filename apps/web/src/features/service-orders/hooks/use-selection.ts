import { useState } from 'react';

export interface Selection {
  ids: string[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/**
 * Selected rows of the page on screen. The selection belongs to one query (filters, sort, page):
 * when the list changes under it, it starts empty rather than acting on rows no longer shown.
 */
export function useSelection(scope: string, visibleIds: readonly string[]): Selection {
  const [state, setState] = useState<{ scope: string; ids: string[] }>({ scope, ids: [] });
  const visible = new Set(visibleIds);
  const ids = state.scope === scope ? state.ids.filter((id) => visible.has(id)) : [];
  const selected = new Set(ids);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));

  return {
    ids,
    isSelected: (id) => selected.has(id),
    toggle: (id) =>
      setState({ scope, ids: selected.has(id) ? ids.filter((other) => other !== id) : [...ids, id] }),
    toggleAll: () => setState({ scope, ids: allSelected ? [] : [...visibleIds] }),
    clear: () => setState({ scope, ids: [] }),
    allSelected,
    someSelected: ids.length > 0 && !allSelected,
  };
}
