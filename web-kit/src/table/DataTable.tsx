import { useState, type Key, type ReactNode } from 'react';
import {
  ConfigProvider,
  Empty,
  Flex,
  Input,
  Table,
  type TableColumnType,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';

import { DEFAULT_PER_PAGE } from '@syncdesk/contracts';

import { ColumnSettings } from './ColumnSettings';
import { SelectionBar } from './SelectionBar';
import { useColumnPreferences } from './useColumnPreferences';
import { listParamsFromTableChange, type ListQueryResult, type TableFilters } from './useListQuery';
import type { SelectionState } from './useSelection';

/**
 * A column of a DataTable: an antd column with a stable `key` (also the `sort_by` field when
 * `sorter` is true) and a plain-text title (also the label in the column settings).
 */
export type DataTableColumn<T> = Omit<TableColumnType<T>, 'key' | 'title'> & { key: string; title: string };

export interface DataTableProps<T extends object> {
  /** Names the table in the `dc-columns` preferences; unique across the product. */
  tableKey: string;
  query: ListQueryResult<T>;
  columns: DataTableColumn<T>[];
  /** Field holding the row id; defaults to `id`. */
  rowKey?: keyof T & string;
  /** Accessible name of the table. */
  label: string;
  /** Shows a search box that sets `search` (and goes back to page 1). */
  searchPlaceholder?: string;
  /** Turns on row checkboxes, 'Select all N' and 'Clear selection'. */
  selection?: SelectionState;
  bulkActions?: ReactNode;
  /** What an empty list says, and the call to action under it. */
  emptyText: string;
  emptyAction?: ReactNode;
  /** Extra filters shown left of the column settings. */
  toolbar?: ReactNode;
  /** Off for small embedded tables (a card's list). */
  columnSettings?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** Scroll inside the table instead of overflowing the page (`{ x: 'max-content' }` for wide lists). */
  scroll?: TableProps<T>['scroll'];
  /** Compact rows (one line, little padding): many rows per screen for lists people scan. */
  compact?: boolean;
  /** The header row stays in view, under the shell's top bar, while the page scrolls. */
  stickyHeader?: boolean;
  /** The first column (and the row checkboxes) stay in view while a wide table scrolls sideways. */
  fixedFirstColumn?: boolean;
}

/** Height of the shell's top bar, which is sticky too: a sticky table header sits just below it. */
export const SHELL_HEADER_HEIGHT = 56;

/**
 * Compact rows: antd's small table with half its vertical cell padding, so a 900px-high window
 * shows 20-odd rows. Nested in the app's theme (light or dark), which it inherits.
 */
const COMPACT_THEME = { components: { Table: { cellPaddingBlockSM: 4, cellPaddingInlineSM: 8 } } };

/**
 * The list table: server-side paging and sorting through the list query, remembered column
 * visibility and order, optional search and selection, and an empty state with a call to action.
 */
export function DataTable<T extends object>({
  tableKey,
  query,
  columns,
  rowKey = 'id' as keyof T & string,
  label,
  searchPlaceholder,
  selection,
  bulkActions,
  emptyText,
  emptyAction,
  toolbar,
  columnSettings = true,
  size,
  scroll,
  compact = false,
  stickyHeader = false,
  fixedFirstColumn = false,
}: DataTableProps<T>) {
  const preferences = useColumnPreferences(tableKey, columns);
  const [search, setSearch] = useState(query.params.search ?? '');
  const { params, setParams } = query;

  // Sorting is the server's, so the header arrows follow the parameters rather than antd's state.
  const shownColumns = preferences.columns.map((column, index) => ({
    ...column,
    // Whichever column the person put first (column settings) is the one kept in view.
    ...(fixedFirstColumn && index === 0 ? { fixed: 'left' as const } : {}),
    sortOrder: column.sorter
      ? params.sort_by === column.key
        ? params.sort_direction === 'desc'
          ? ('descend' as const)
          : ('ascend' as const)
        : null
      : undefined,
  }));

  const keyOf = (row: T): Key => row[rowKey] as Key;
  const pageIds = query.data.map(keyOf);

  const onChange = (
    pagination: TablePaginationConfig,
    filters: TableFilters,
    sorter: SorterResult<T> | SorterResult<T>[],
    extra: { action: 'paginate' | 'sort' | 'filter' },
  ) => {
    // A new filter changes which rows 'all' means, so an old selection would be wrong.
    if (extra.action === 'filter') selection?.clear();
    setParams((previous) => listParamsFromTableChange(previous, pagination, filters, sorter, extra.action));
  };

  const showToolbar = searchPlaceholder !== undefined || toolbar !== undefined || columnSettings;

  return (
    <>
      {showToolbar ? (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          {searchPlaceholder !== undefined ? (
            <Input.Search
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              allowClear
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onSearch={(value) => {
                selection?.clear();
                setParams({ search: value.trim() || undefined, page: 1 });
              }}
              style={{ maxWidth: 320 }}
            />
          ) : null}
          {toolbar}
          {columnSettings ? (
            <div style={{ marginLeft: 'auto' }}>
              <ColumnSettings
                items={preferences.items}
                onToggle={preferences.toggle}
                onMove={preferences.move}
                onReset={preferences.reset}
              />
            </div>
          ) : null}
        </Flex>
      ) : null}
      {selection ? <SelectionBar selection={selection}>{bulkActions}</SelectionBar> : null}
      <ConfigProvider theme={compact ? COMPACT_THEME : undefined}>
        <Table<T>
          aria-label={label}
          size={compact ? 'small' : size}
          scroll={scroll}
          sticky={stickyHeader ? { offsetHeader: SHELL_HEADER_HEIGHT } : undefined}
          rowKey={rowKey}
          columns={shownColumns}
          dataSource={query.data}
          loading={query.loading}
          onChange={(pagination, filters, sorter, extra) =>
            onChange(
              pagination,
              filters as TableFilters,
              sorter,
              extra as { action: 'paginate' | 'sort' | 'filter' },
            )
          }
          rowSelection={
            selection
              ? {
                  fixed: fixedFirstColumn || undefined,
                  selectedRowKeys: pageIds.filter((id) => selection.isSelected(id)),
                  onChange: (keys) => selection.setPageSelection(pageIds, keys),
                }
              : undefined
          }
          pagination={{
            current: params.page ?? 1,
            pageSize: params.per_page ?? DEFAULT_PER_PAGE,
            total: query.total,
            showSizeChanger: true,
            showTotal: (total) => `Total ${total}`,
          }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
                {emptyAction}
              </Empty>
            ),
          }}
        />
      </ConfigProvider>
    </>
  );
}
