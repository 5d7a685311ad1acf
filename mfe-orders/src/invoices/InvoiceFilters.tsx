import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';

import {
  INVOICE_STATUS,
  INVOICE_SYNC_STATUS,
  type InvoiceChannelDto,
  type ListParams,
} from '@syncdesk/contracts';
import {
  listDayRange,
  pickerDays,
  selectedFilterValues,
  withDateRange,
  withFilter,
  type ListParamsUpdate,
} from '@syncdesk/web-kit';

export interface InvoiceFiltersProps {
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  channels: InvoiceChannelDto[];
  /** A new filter changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

/** Whether a filter or a search narrows the list. */
export function hasInvoiceFilters(params: ListParams): boolean {
  return (
    Boolean(params.search) ||
    Object.keys(params.filters ?? {}).length > 0 ||
    Object.keys(params.dateRanges ?? {}).length > 0
  );
}

const options = (entries: readonly { value: string; label: string }[]) =>
  entries.map((entry) => ({ value: entry.value, label: entry.label }));

/**
 * Sync status, status, accounting channel and invoice-date filters, sent as `sync_status[in]`,
 * `status[in]`, `channel_id[in]` and `invoice_date[startDate|endDate]` (whole days).
 */
export function InvoiceFilters({ params, setParams, channels, onChange }: InvoiceFiltersProps) {
  const filters = params.filters ?? {};
  const selected = (field: string) => selectedFilterValues(params, field);
  const setFilter = (field: string, values: (string | number)[]) => {
    onChange();
    setParams((previous) => withFilter(previous, field, values.length === 0 ? null : { in: values }));
  };
  const rangeValue = pickerDays(params.dateRanges?.invoice_date);
  const setRange = (value: [Dayjs | null, Dayjs | null] | null) => {
    onChange();
    setParams((previous) => withDateRange(previous, 'invoice_date', listDayRange(value)));
  };
  const any = Object.keys(filters).length > 0 || Object.keys(params.dateRanges ?? {}).length > 0;

  return (
    <>
      <Select<string[]>
        aria-label="Filter by sync status"
        placeholder="Any sync status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={selected('sync_status')}
        options={options(INVOICE_SYNC_STATUS.entries)}
        onChange={(values) => setFilter('sync_status', values)}
        style={{ minWidth: 170 }}
      />
      <Select<string[]>
        aria-label="Filter by status"
        placeholder="Any status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={selected('status')}
        options={options(INVOICE_STATUS.entries)}
        onChange={(values) => setFilter('status', values)}
        style={{ minWidth: 140 }}
      />
      {channels.length > 1 ? (
        <Select<string[]>
          aria-label="Filter by channel"
          placeholder="Any channel"
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={selected('channel_id')}
          options={channels.map((channel) => ({ value: String(channel.id), label: channel.name }))}
          onChange={(values) => setFilter('channel_id', values.map(Number))}
          style={{ minWidth: 160 }}
        />
      ) : null}
      <DatePicker.RangePicker
        aria-label="Invoice date"
        placeholder={['Invoiced from', 'Invoiced to']}
        value={rangeValue}
        onChange={(value) => setRange(value)}
      />
      {any ? (
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
