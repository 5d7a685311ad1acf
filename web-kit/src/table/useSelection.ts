import { useCallback, useMemo, useState, type Key } from 'react';

/**
 * A selection over a whole list query, not just the loaded page: either the listed ids, or
 * everything the query matches except the listed ids (after 'Select all N'). Bulk actions send
 * it as is, so the server applies an 'all' selection to rows the browser never loaded.
 */
export type Selection = { mode: 'ids'; ids: Key[] } | { mode: 'all'; excludedIds: Key[] };

export interface SelectionState {
  selection: Selection;
  /** How many rows are selected (for 'all': the query's total minus the exclusions). */
  count: number;
  total: number;
  isSelected(id: Key): boolean;
  /** Applies the table's checkboxes for one page: `selectedIds` are the checked rows among `pageIds`. */
  setPageSelection(pageIds: readonly Key[], selectedIds: readonly Key[]): void;
  selectAll(): void;
  clear(): void;
}

const NONE: Selection = { mode: 'ids', ids: [] };

export function useSelection(total: number): SelectionState {
  const [selection, setSelection] = useState<Selection>(NONE);

  const setPageSelection = useCallback((pageIds: readonly Key[], selectedIds: readonly Key[]) => {
    const page = new Set(pageIds);
    const checked = new Set(selectedIds);
    setSelection((previous) => {
      if (previous.mode === 'ids') {
        const others = previous.ids.filter((id) => !page.has(id));
        return { mode: 'ids', ids: [...others, ...pageIds.filter((id) => checked.has(id))] };
      }
      const others = previous.excludedIds.filter((id) => !page.has(id));
      return { mode: 'all', excludedIds: [...others, ...pageIds.filter((id) => !checked.has(id))] };
    });
  }, []);

  const selectAll = useCallback(() => setSelection({ mode: 'all', excludedIds: [] }), []);
  const clear = useCallback(() => setSelection(NONE), []);

  return useMemo(() => {
    const members = new Set(selection.mode === 'ids' ? selection.ids : selection.excludedIds);
    const count =
      selection.mode === 'ids' ? selection.ids.length : Math.max(0, total - selection.excludedIds.length);
    return {
      selection,
      count,
      total,
      isSelected: (id: Key) => (selection.mode === 'ids' ? members.has(id) : !members.has(id)),
      setPageSelection,
      selectAll,
      clear,
    };
  }, [selection, total, setPageSelection, selectAll, clear]);
}
