import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';

import {
  PLUGIN_SYNC_STATUS,
  type FilterValue,
  type ListOperator,
  type ListParams,
} from '@syncdesk/contracts';
import {
  listDayRange,
  pickerDays,
  withDateRange,
  withFilter,
  type ListParamsUpdate,
} from '@syncdesk/web-kit';

export interface PluginOption {
  id: number;
  name: string;
}

export interface PluginOrderFiltersProps {
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  /** The store's plugins; empty hides the plugin filter. */
  plugins: PluginOption[];
  /** A new filter changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

type Operators = Partial<Record<ListOperator, FilterValue>>;

const SYNC_STATUS_OPTIONS = PLUGIN_SYNC_STATUS.entries.map((entry) => ({
  value: entry.value,
  label: entry.label,
}));

/** Whether a filter, a date range or a search narrows the list. */
export function hasPluginOrderFilters(params: ListParams): boolean {
  return (
    Boolean(params.search) ||
    Object.keys(params.filters ?? {}).length > 0 ||
    Object.keys(params.dateRanges ?? {}).length > 0
  );
}

function valuesOf(operators: Operators | undefined): number[] {
  const value = operators?.in ?? operators?.eq;
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value as string | number]).map(Number);
}

/**
 * Plugin, plugin sync status and order-date range (spec list convention: `plugin_id[eq]`,
 * `sync_status[eq|in]`, `order_date[startDate]`/`[endDate]` over whole UTC days).
 */
export function PluginOrderFilters({ params, setParams, plugins, onChange }: PluginOrderFiltersProps) {
  const filters = params.filters ?? {};
  const range = params.dateRanges?.order_date;

  const apply = (field: string, operators: Operators | null) => {
    onChange();
    setParams((previous) => withFilter(previous, field, operators));
  };

  const applyRange = (dates: [Dayjs | null, Dayjs | null] | null) => {
    onChange();
    setParams((previous) => withDateRange(previous, 'order_date', listDayRange(dates)));
  };

  const statuses = valuesOf(filters.sync_status);
  const shownRange = pickerDays(range);

  return (
    <>
      {plugins.length > 0 ? (
        <Select<number>
          aria-label="Filter by plugin"
          placeholder="Any plugin"
          allowClear
          value={filters.plugin_id?.eq === undefined ? undefined : Number(filters.plugin_id.eq)}
          options={plugins.map((plugin) => ({ value: plugin.id, label: plugin.name }))}
          onChange={(value) => apply('plugin_id', value === undefined ? null : { eq: value })}
          style={{ minWidth: 160 }}
        />
      ) : null}
      <Select<number[]>
        aria-label="Filter by sync status"
        placeholder="Any sync status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={statuses}
        options={SYNC_STATUS_OPTIONS}
        onChange={(values) =>
          apply(
            'sync_status',
            values.length === 0 ? null : values.length === 1 ? { eq: values[0] } : { in: values },
          )
        }
        style={{ minWidth: 180 }}
      />
      <DatePicker.RangePicker
        aria-label="Order date range"
        placeholder={['Ordered from', 'Ordered to']}
        value={shownRange}
        onChange={(dates) => applyRange(dates as [Dayjs | null, Dayjs | null] | null)}
      />
      {Object.keys(filters).length > 0 || range !== undefined ? (
        <Button
          type="link"
          onClick={() => {
            onChange();
            setParams((previous) => ({ ...previous, filters: {}, dateRanges: {}, page: 1 }));
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
