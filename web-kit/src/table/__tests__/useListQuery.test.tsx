import { act, renderHook, waitFor } from '@testing-library/react';

import { listParamsFromTableChange, useListQuery } from '../useListQuery';
import { listBody, stubFetch } from '../testing/fetch-routes';

const COMPANIES = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Globex' },
];

describe('useListQuery', () => {
  it('loads the first page with the list convention and exposes rows and total', async () => {
    const api = stubFetch({ 'GET /companies': listBody(COMPANIES, 42) });
    const { result } = renderHook(() => useListQuery<{ id: number; name: string }>('/companies'));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual(COMPANIES);
    expect(result.current.total).toBe(42);
    const [request] = api.calls('GET', '/companies');
    expect(request?.query.get('page')).toBe('1');
    expect(request?.query.get('per_page')).toBe('25');
  });

  it('refetches when the parameters change and when reloaded', async () => {
    const api = stubFetch({ 'GET /companies': listBody(COMPANIES) });
    const { result } = renderHook(() => useListQuery('/companies'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setParams({ sort_by: 'name', sort_direction: 'desc', search: 'ac' }));
    await waitFor(() => expect(api.calls('GET', '/companies')).toHaveLength(2));
    const last = api.calls('GET', '/companies')[1];
    expect(last?.query.toString()).toBe('search=ac&sort_by=name&sort_direction=desc&page=1&per_page=25');
    act(() => result.current.reload());
    await waitFor(() => expect(api.calls('GET', '/companies')).toHaveLength(3));
  });

  it('filters encode as field[operator]', async () => {
    const api = stubFetch({ 'GET /activities': listBody([]) });
    renderHook(() =>
      useListQuery('/activities', { initialParams: { filters: { event: { eq: 'user.created' } } } }),
    );
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.query.get('event[eq]')).toBe('user.created');
  });

  it('aborts the request on unmount', async () => {
    let signal: AbortSignal | undefined;
    globalThis.fetch = jest.fn((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    }) as unknown as typeof fetch;
    const { unmount } = renderHook(() => useListQuery('/companies'));
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('does not load while disabled', async () => {
    const api = stubFetch({ 'GET /roles': listBody([]) });
    const { result } = renderHook(() => useListQuery('/roles', { enabled: false }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(api.requests).toHaveLength(0);
  });
});

describe('listParamsFromTableChange', () => {
  const previous = { page: 3, per_page: 25, search: 'x' };

  it('paging keeps the sort and search', () => {
    expect(listParamsFromTableChange(previous, { current: 4, pageSize: 50 }, {}, {}, 'paginate')).toEqual({
      page: 4,
      per_page: 50,
      search: 'x',
    });
  });

  it('a sort goes back to page 1; clearing it drops sort_by', () => {
    const sorted = listParamsFromTableChange(
      previous,
      {},
      {},
      { columnKey: 'name', order: 'ascend' },
      'sort',
    );
    expect(sorted).toMatchObject({ page: 1, sort_by: 'name', sort_direction: 'asc' });
    const cleared = listParamsFromTableChange(
      sorted,
      {},
      {},
      { columnKey: 'name', order: undefined },
      'sort',
    );
    expect(cleared.sort_by).toBeUndefined();
  });

  it('column filters become eq or in', () => {
    const next = listParamsFromTableChange(
      previous,
      {},
      { status: [1], role_id: [2, 3], via: null },
      {},
      'filter',
    );
    expect(next.filters).toEqual({ status: { eq: 1 }, role_id: { in: [2, 3] } });
  });
});
