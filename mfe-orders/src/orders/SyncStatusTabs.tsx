import { Tabs, Tag } from 'antd';

import { ORDER_SYNC_STATUS, type ListParams } from '@syncdesk/contracts';
import type { ListParamsUpdate } from '@syncdesk/web-kit';

export const ALL_TAB = 'all';

export interface SyncStatusTabsProps {
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  /** Orders per sync status (value → count); null while loading. */
  counts: ReadonlyMap<number, number> | null;
  total: number | null;
  /** A new tab changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

/** The sync status the list is narrowed to by its tab, or null on 'All'. */
export function syncStatusTab(params: ListParams): number | null {
  const value = params.filters?.sync_status?.eq;
  return value === undefined || value === null || value === '' ? null : Number(value);
}

/**
 * One tab per order sync status the store's orders hold, with how many, and 'All'. The tab
 * is the list's `sync_status[eq]` filter, so the list, its export and an 'all matching' bulk
 * change all mean the same orders.
 */
export function SyncStatusTabs({ params, setParams, counts, total, onChange }: SyncStatusTabsProps) {
  const active = syncStatusTab(params);
  // A plain neutral tag, not an animated badge: the count reads as part of the tab's name.
  const label = (text: string, count: number | null | undefined) => (
    <span>
      {text}{' '}
      <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
        {count === null || count === undefined ? '…' : count.toLocaleString('en-GB')}
      </Tag>
    </span>
  );

  return (
    <Tabs
      aria-label="Sync status"
      size="small"
      activeKey={active === null ? ALL_TAB : String(active)}
      onChange={(key) => {
        onChange();
        setParams((previous) => {
          const filters = { ...previous.filters };
          if (key === ALL_TAB) delete filters.sync_status;
          else filters.sync_status = { eq: Number(key) };
          return { ...previous, filters, page: 1 };
        });
      }}
      items={[
        { key: ALL_TAB, label: label('All', total) },
        // Statuses no order holds would only be noise (and crowd the bar): shown when they are the tab.
        ...ORDER_SYNC_STATUS.entries
          .filter((entry) => !counts || (counts.get(entry.value) ?? 0) > 0 || entry.value === active)
          .map((entry) => ({
            key: String(entry.value),
            label: label(entry.label, counts ? (counts.get(entry.value) ?? 0) : null),
          })),
      ]}
    />
  );
}
