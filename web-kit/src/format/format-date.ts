import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Spec §9: day, short month, year, hour:minute:second, with UTC text. */
export const DATE_TIME_DISPLAY_FORMAT = 'DD MMM YYYY HH:mm:ss [UTC]';

/**
 * A timestamp as '22 Nov 2026 14:03:05 UTC', always in UTC whatever the browser's zone, so two
 * users comparing a record with support see the same time. Strings without a zone (the list
 * format `2026-11-22 14:03:05`) are read as UTC. Empty or invalid input gives ''.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs.utc(value);
  return date.isValid() ? date.format(DATE_TIME_DISPLAY_FORMAT) : '';
}
