import { encodeListQuery, isListDateTime } from '../list-query';

describe('isListDateTime', () => {
  it('accepts a real YYYY-MM-DD HH:mm:ss', () => {
    expect(isListDateTime('2026-02-28 23:59:59')).toBe(true);
    expect(isListDateTime('2028-02-29 00:00:00')).toBe(true);
  });

  it.each([
    '2026-02-30 10:00:00',
    '2026-02-29 10:00:00',
    '2026-13-01 10:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01',
    '2026-01-01T10:00:00',
    '',
  ])('rejects %p', (value) => {
    expect(isListDateTime(value)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isListDateTime(null)).toBe(false);
    expect(isListDateTime(20260101)).toBe(false);
  });
});

describe('encodeListQuery', () => {
  it('encodes filters as name[operator]=value and drops empty ones', () => {
    const query = encodeListQuery({
      filters: {
        status: { eq: 2, ne: '' },
        channel: { in: ['a', 'b'] },
        sku: { like: null },
        tags: { in: [] },
        total: { gte: 0 },
      },
    });
    expect([...query.entries()]).toEqual([
      ['status[eq]', '2'],
      ['channel[in]', 'a,b'],
      ['total[gte]', '0'],
    ]);
  });

  it('sends a date range only when both ends are valid', () => {
    const query = encodeListQuery({
      dateRanges: {
        created_at: { startDate: '2026-01-01 00:00:00', endDate: '2026-01-31 23:59:59' },
        order_date: { startDate: '2026-01-01 00:00:00', endDate: null },
        updated_at: { startDate: '2026-02-01 00:00:00', endDate: '2026-02-30 00:00:00' },
      },
    });
    expect(query.toString()).toBe(
      'created_at%5BstartDate%5D=2026-01-01+00%3A00%3A00&created_at%5BendDate%5D=2026-01-31+23%3A59%3A59',
    );
  });

  it('encodes search, sort and paging and drops empty scalars', () => {
    const query = encodeListQuery({
      search: '',
      searchBy: 'sku',
      sort_by: 'created_at',
      sort_direction: 'desc',
      page: 2,
      per_page: 50,
    });
    expect(Object.fromEntries(query)).toEqual({
      searchBy: 'sku',
      sort_by: 'created_at',
      sort_direction: 'desc',
      page: '2',
      per_page: '50',
    });
  });
});
