import { formatDate } from '../format-date';

describe('formatDate', () => {
  it('shows day, short month, year and time with UTC text', () => {
    expect(formatDate('2026-11-22T14:03:05Z')).toBe('22 Nov 2026 14:03:05 UTC');
  });

  it('converts other zones to UTC', () => {
    expect(formatDate('2026-11-22T16:03:05+02:00')).toBe('22 Nov 2026 14:03:05 UTC');
  });

  it('reads zone-less list date-times as UTC', () => {
    expect(formatDate('2026-01-05 09:08:07')).toBe('05 Jan 2026 09:08:07 UTC');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const at = Date.UTC(2026, 1, 28, 23, 59, 59);
    expect(formatDate(at)).toBe('28 Feb 2026 23:59:59 UTC');
    expect(formatDate(new Date(at))).toBe('28 Feb 2026 23:59:59 UTC');
  });

  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
