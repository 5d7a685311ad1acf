import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';

import { LOG_STATUS, RECORD_STATE_FILTERS, type ListParams } from '@syncdesk/contracts';
import {
  listDayRange,
  pickerDays,
  selectedFilterValues,
  withDateRange,
  withFilter,
  type ListParamsUpdate,
} from '@syncdesk/web-kit';

import { RECORD_TYPES } from './record-text';

export interface TransactionRecordFiltersProps {
  /**
   * A channel's or plugin's records filter by `state`, where "Failed" leaves out the failures
   * already retried or ignored, and Retried and Ignored find those; the api's records by status.
   */
  byState?: boolean;
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  /** A new filter changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

const STATUS_OPTIONS = LOG_STATUS.entries.map((entry) => ({
  value: String(entry.value),
  label: entry.label,
}));
const STATE_OPTIONS = RECORD_STATE_FILTERS.map((entry) => ({ value: entry.value, label: entry.label }));
const TYPE_OPTIONS = RECORD_TYPES.map((entry) => ({ value: entry.value, label: entry.label }));

/** Whether a filter, a date range or a search narrows the list (the empty state says so). */
export function hasRecordFilters(params: ListParams): boolean {
  return (
    Boolean(params.search) ||
    Object.keys(params.filters ?? {}).length > 0 ||
    Object.keys(params.dateRanges ?? {}).length > 0
  );
}

/**
 * Status (or state), type and date range (list convention: `status[eq|in]`, `type[eq]`,
 * `date[startDate]`/`[endDate]` over whole UTC days).
 */
export function TransactionRecordFilters({
  byState = false,
  params,
  setParams,
  onChange,
}: TransactionRecordFiltersProps) {
  const statusField = byState ? 'state' : 'status';
  const statuses = selectedFilterValues(params, statusField);
  const [type] = selectedFilterValues(params, 'type');

  const apply = (update: (previous: ListParams) => ListParams) => {
    onChange();
    setParams(update);
  };

  return (
    <>
      <Select<string[]>
        aria-label="Filter by status"
        placeholder="Any status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={statuses}
        options={byState ? STATE_OPTIONS : STATUS_OPTIONS}
        onChange={(values) =>
          apply((previous) =>
            withFilter(
              previous,
              statusField,
              values.length === 0 ? null : values.length === 1 ? { eq: values[0] } : { in: values },
            ),
          )
        }
        style={{ minWidth: 170 }}
      />
      <Select<string>
        aria-label="Filter by type"
        placeholder="Any type"
        allowClear
        value={type}
        options={TYPE_OPTIONS}
        onChange={(value) =>
          apply((previous) => withFilter(previous, 'type', value === undefined ? null : { eq: value }))
        }
        style={{ minWidth: 170 }}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        placeholder={['From', 'To']}
        value={pickerDays(params.dateRanges?.date)}
        onChange={(dates) =>
          apply((previous) =>
            withDateRange(previous, 'date', listDayRange(dates as [Dayjs | null, Dayjs | null] | null)),
          )
        }
      />
      {hasRecordFilters({ ...params, search: undefined }) ? (
        <Button
          type="link"
          onClick={() => apply((previous) => ({ ...previous, filters: {}, dateRanges: {}, page: 1 }))}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
