import { useCallback, useMemo, useState, type Key } from 'react';

/**
 * A selection over a whole list query, not just the loaded page: either the listed ids, or
 * everything the query matches except the listed ids (after 'Select all N'). Bulk actions send
 * it as is, so the server applies an 'all' selection to rows the browser never loaded.
 */
export type Selection = { mode: 'ids'; ids: Key[] } | { mode: 'all'; excludedIds: Key[] };

/**
 * 'Select all N' as it was at the moment of choosing: N, and (when the list can say it) the last
 * row id among them. A live list keeps growing; the selection does not, so a bulk action reaches
 * the rows the person chose and says how many.
 */
export interface FrozenSelection {
  total: number;
  /** The highest row id matching when chosen; a bulk action sends it so later rows stay out. */
  upToId?: number | null;
}

export interface UseSelectionOptions {
  /**
   * Reads the set 'Select all N' chooses from the server at the moment of choosing (count and
   * last id). Without it, the list's total at that moment is kept.
   */
  freeze?(): Promise<FrozenSelection>;
}

export interface SelectionState {
  selection: Selection;
  /** How many rows are selected (for 'all': the rows chosen, minus the exclusions). */
  count: number;
  /** The list's total now (it grows as live rows arrive). */
  total: number;
  /** What 'all' meant when it was chosen; null while ids are listed. */
  frozen: FrozenSelection | null;
  isSelected(id: Key): boolean;
  /** Applies the table's checkboxes for one page: `selectedIds` are the checked rows among `pageIds`. */
  setPageSelection(pageIds: readonly Key[], selectedIds: readonly Key[]): void;
  /** Chooses every row the query matches now (frozen: see UseSelectionOptions.freeze). */
  selectAll(): Promise<void>;
  /** 'Select all N' is reading the set from the server. */
  choosingAll: boolean;
  clear(): void;
}

interface Chosen {
  selection: Selection;
  frozen: FrozenSelection | null;
}

const NONE: Chosen = { selection: { mode: 'ids', ids: [] }, frozen: null };

/** Whether a row was among 'all' when chosen: a row that arrived later (a higher id) was not. */
function wasChosen(id: Key, frozen: FrozenSelection | null): boolean {
  const bound = frozen?.upToId;
  return bound === undefined || bound === null || Number(id) <= bound;
}

export function useSelection(total: number, options: UseSelectionOptions = {}): SelectionState {
  const [chosen, setChosen] = useState<Chosen>(NONE);
  const { freeze } = options;

  const setPageSelection = useCallback((pageIds: readonly Key[], selectedIds: readonly Key[]) => {
    const page = new Set(pageIds);
    const checked = new Set(selectedIds);
    setChosen(({ selection, frozen }) => {
      if (selection.mode === 'ids') {
        const others = selection.ids.filter((id) => !page.has(id));
        return {
          selection: { mode: 'ids', ids: [...others, ...pageIds.filter((id) => checked.has(id))] },
          frozen,
        };
      }
      const others = selection.excludedIds.filter((id) => !page.has(id));
      return {
        selection: {
          mode: 'all',
          // A row that arrived after the choice is not in it, so there is nothing to exclude.
          excludedIds: [...others, ...pageIds.filter((id) => !checked.has(id) && wasChosen(id, frozen))],
        },
        frozen,
      };
    });
  }, []);

  const [choosingAll, setChoosingAll] = useState(false);
  const selectAll = useCallback(async () => {
    if (!freeze) {
      setChosen({ selection: { mode: 'all', excludedIds: [] }, frozen: { total } });
      return;
    }
    setChoosingAll(true);
    try {
      // A failure is the api client's to show; nothing more is selected then.
      const frozen = await freeze();
      setChosen({ selection: { mode: 'all', excludedIds: [] }, frozen });
    } finally {
      setChoosingAll(false);
    }
  }, [freeze, total]);
  const clear = useCallback(() => setChosen(NONE), []);

  return useMemo(() => {
    const { selection, frozen } = chosen;
    const members = new Set(selection.mode === 'ids' ? selection.ids : selection.excludedIds);
    const count =
      selection.mode === 'ids'
        ? selection.ids.length
        : Math.max(0, (frozen?.total ?? total) - selection.excludedIds.length);
    return {
      selection,
      count,
      total,
      frozen: selection.mode === 'all' ? frozen : null,
      isSelected: (id: Key) =>
        selection.mode === 'ids' ? members.has(id) : !members.has(id) && wasChosen(id, frozen),
      setPageSelection,
      selectAll,
      choosingAll,
      clear,
    };
  }, [chosen, total, setPageSelection, selectAll, choosingAll, clear]);
}
