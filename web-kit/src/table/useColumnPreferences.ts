import { useCallback, useMemo, useState } from 'react';

import { STORAGE_KEYS } from '@syncdesk/contracts';

/** What is stored per table under the one `dc-columns` key (spec §9). */
export interface ColumnPreference {
  /** Column keys in display order; columns added to the screen later go at the end. */
  order: string[];
  hidden: string[];
}

export type ColumnPreferencesStore = Record<string, ColumnPreference>;

/** The least a column needs to be ordered and hidden: a stable key and a readable title. */
export interface PreferenceColumn {
  key: string;
  title: string;
}

export interface ColumnSettingsItem {
  key: string;
  title: string;
  visible: boolean;
}

export interface ColumnPreferencesResult<C extends PreferenceColumn> {
  /** The visible columns in the chosen order: what the table renders. */
  columns: C[];
  /** Every column in the chosen order with its visibility: what the settings popover lists. */
  items: ColumnSettingsItem[];
  toggle(key: string, visible: boolean): void;
  /** Moves a column one place up (-1) or down (+1). */
  move(key: string, offset: -1 | 1): void;
  /** Back to the screen's own order with every column shown. */
  reset(): void;
}

// Storage may be unavailable (privacy modes, sandboxed frames) or hold junk from an older version;
// preferences are a comfort, so both cases fall back to the defaults instead of failing the table.
export function readColumnPreferences(): ColumnPreferencesStore {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEYS.columnPreferences);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ColumnPreferencesStore)
      : {};
  } catch {
    return {};
  }
}

function writeColumnPreference(tableKey: string, preference: ColumnPreference | null): void {
  try {
    // Re-read so a table saved in another tab or by another screen is not overwritten.
    const all = readColumnPreferences();
    if (preference) all[tableKey] = preference;
    else delete all[tableKey];
    globalThis.localStorage?.setItem(STORAGE_KEYS.columnPreferences, JSON.stringify(all));
  } catch {
    // See readColumnPreferences.
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The stored order restricted to the columns that still exist, then any new columns. */
function orderedKeys(stored: string[], keys: string[]): string[] {
  const known = stored.filter((key, index) => keys.includes(key) && stored.indexOf(key) === index);
  return [...known, ...keys.filter((key) => !known.includes(key))];
}

/**
 * Column visibility and order of one table, remembered in localStorage under `dc-columns` as
 * `{ [tableKey]: { order, hidden } }` so every table of every remote shares the one key.
 */
export function useColumnPreferences<C extends PreferenceColumn>(
  tableKey: string,
  columns: readonly C[],
): ColumnPreferencesResult<C> {
  const [preference, setPreference] = useState<ColumnPreference | null>(() => {
    const stored = readColumnPreferences()[tableKey];
    return stored ? { order: stringList(stored.order), hidden: stringList(stored.hidden) } : null;
  });

  const keys = columns.map((column) => column.key);
  const keysId = keys.join('\u0000');
  const order = useMemo(
    () => orderedKeys(preference?.order ?? [], keys),
    // keysId stands for `keys`, which is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [preference, keysId],
  );
  const hidden = useMemo(() => new Set(preference?.hidden ?? []), [preference]);

  const save = useCallback(
    (next: ColumnPreference | null) => {
      setPreference(next);
      writeColumnPreference(tableKey, next);
    },
    [tableKey],
  );

  const byKey = new Map(columns.map((column) => [column.key, column]));
  const items = order.map((key) => ({
    key,
    title: byKey.get(key)?.title ?? key,
    visible: !hidden.has(key),
  }));
  const visibleColumns = order
    .filter((key) => !hidden.has(key))
    .map((key) => byKey.get(key))
    .filter((column): column is C => column !== undefined);

  const toggle = useCallback(
    (key: string, visible: boolean) => {
      const nextHidden = new Set(hidden);
      if (visible) nextHidden.delete(key);
      else nextHidden.add(key);
      save({ order, hidden: [...nextHidden] });
    },
    [hidden, order, save],
  );

  const move = useCallback(
    (key: string, offset: -1 | 1) => {
      const from = order.indexOf(key);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= order.length) return;
      const next = [...order];
      [next[from], next[to]] = [next[to] as string, next[from] as string];
      save({ order: next, hidden: [...hidden] });
    },
    [hidden, order, save],
  );

  const reset = useCallback(() => save(null), [save]);

  return { columns: visibleColumns, items, toggle, move, reset };
}
