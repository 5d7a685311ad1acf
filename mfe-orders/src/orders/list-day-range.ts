import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

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
