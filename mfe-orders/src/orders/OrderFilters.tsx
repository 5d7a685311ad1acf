import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';

import {
  ORDER_STATUS,
  PAYMENT,
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

export interface ChannelOption {
  id: number;
  name: string;
}

export interface OrderFiltersProps {
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  /** The store's sales channels; empty hides the channel filter (nothing to choose, or not allowed to read them). */
  channels: ChannelOption[];
  /** A new filter changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

type Operators = Partial<Record<ListOperator, FilterValue>>;

const STATUS_OPTIONS = ORDER_STATUS.entries.map((entry) => ({ value: entry.value, label: entry.label }));
const PAYMENT_OPTIONS = PAYMENT.entries.map((entry) => ({ value: entry.value, label: entry.label }));

/** The filters this toolbar owns (the sync status has its tabs), to tell a filtered list from an empty store. */
const TOOLBAR_FILTERS = ['status', 'channel_id', 'payment_status'];

/** Whether a filter, a date range or a search narrows the list (the sync-status tab included). */
export function hasOrderFilters(params: ListParams): boolean {
  return (
    Boolean(params.search) ||
    Object.keys(params.filters ?? {}).length > 0 ||
    Object.keys(params.dateRanges ?? {}).length > 0
  );
}

function valuesOf(operators: Operators | undefined): (string | number)[] {
  const value = operators?.in ?? operators?.eq;
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value as string | number];
}

/** One value as `eq`, several as `in`, none drops the filter. */
function oneOrMany(values: (string | number)[]): Operators | null {
  if (values.length === 0) return null;
  return values.length === 1 ? { eq: values[0] } : { in: values };
}

/**
 * The list's filters beside the sync-status tabs (spec list convention): order status, channel,
 * payment status and an order-date range, each a labelled control a keyboard reaches, sent as
 * `status[eq|in]`, `channel_id[eq]`, `payment_status[eq|in]` and
 * `order_date[startDate]`/`[endDate]` (whole UTC days).
 */
export function OrderFilters({ params, setParams, channels, onChange }: OrderFiltersProps) {
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

  const shownRange = pickerDays(range);
  const anyToolbarFilter =
    TOOLBAR_FILTERS.some((field) => filters[field] !== undefined) || range !== undefined;

  return (
    <>
      <Select<string[]>
        aria-label="Filter by order status"
        placeholder="Any order status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={valuesOf(filters.status).map(String)}
        options={STATUS_OPTIONS}
        onChange={(values) => apply('status', oneOrMany(values))}
        style={{ minWidth: 180 }}
      />
      {channels.length > 0 ? (
        <Select<number>
          aria-label="Filter by channel"
          placeholder="Any channel"
          allowClear
          value={filters.channel_id?.eq === undefined ? undefined : Number(filters.channel_id.eq)}
          options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
          onChange={(value) => apply('channel_id', value === undefined ? null : { eq: value })}
          style={{ minWidth: 160 }}
        />
      ) : null}
      <Select<string[]>
        aria-label="Filter by payment status"
        placeholder="Any payment status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={valuesOf(filters.payment_status).map(String)}
        options={PAYMENT_OPTIONS}
        onChange={(values) => apply('payment_status', oneOrMany(values))}
        style={{ minWidth: 180 }}
      />
      <DatePicker.RangePicker
        aria-label="Order date range"
        placeholder={['Ordered from', 'Ordered to']}
        allowEmpty={[false, false]}
        value={shownRange}
        onChange={(dates) => applyRange(dates as [Dayjs | null, Dayjs | null] | null)}
      />
      {anyToolbarFilter ? (
        <Button
          type="link"
          onClick={() => {
            onChange();
            setParams((previous) => {
              const next = { ...previous.filters };
              for (const field of TOOLBAR_FILTERS) delete next[field];
              return { ...previous, filters: next, dateRanges: {}, page: 1 };
            });
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
