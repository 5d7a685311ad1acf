import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

import type { FilterValue, ListOperator, ListParams } from '@syncdesk/contracts';

dayjs.extend(utc);

/** The list convention's date-time form (both ends must parse as it, or the range is not sent). */
const LIST_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export interface ListDateRange {
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * A range picker's calendar days as a list date range covering them whole, in UTC (every date on
 * screen is UTC); null when either end is missing, which drops the range.
 */
export function listDayRange(dates: readonly [Dayjs | null, Dayjs | null] | null): ListDateRange | null {
  const [from, to] = dates ?? [null, null];
  if (!from || !to) return null;
  return {
    startDate: dayjs.utc(from.format('YYYY-MM-DD')).startOf('day').format(LIST_DATE_TIME),
    endDate: dayjs.utc(to.format('YYYY-MM-DD')).endOf('day').format(LIST_DATE_TIME),
  };
}

/** A list date range back as the picker's days. */
export function pickerDays(range: ListDateRange | undefined): [Dayjs, Dayjs] | null {
  return range?.startDate && range.endDate
    ? [dayjs(range.startDate.slice(0, 10)), dayjs(range.endDate.slice(0, 10))]
    : null;
}

type Operators = Partial<Record<ListOperator, FilterValue>>;

/**
 * The list's params with one filter set (null or no operators: dropped), back on page 1: a new
 * filter changes which rows there are, so the old page number means nothing.
 */
export function withFilter(params: ListParams, field: string, operators: Operators | null): ListParams {
  const filters = { ...params.filters };
  if (operators === null || Object.keys(operators).length === 0) delete filters[field];
  else filters[field] = operators;
  return { ...params, filters, page: 1 };
}

/** The list's params with one date range set (null: dropped), back on page 1. */
export function withDateRange(params: ListParams, field: string, range: ListDateRange | null): ListParams {
  const dateRanges = { ...params.dateRanges };
  if (range) dateRanges[field] = range;
  else delete dateRanges[field];
  return { ...params, dateRanges, page: 1 };
}

/** A multiple-choice filter's chosen values (`in` or `eq`) as the strings a Select holds. */
export function selectedFilterValues(params: ListParams, field: string): string[] {
  const operators = params.filters?.[field];
  const value = operators?.in ?? operators?.eq;
  return Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];
}
