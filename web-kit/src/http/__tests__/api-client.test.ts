import { FRONTEND_HEADER } from '@syncdesk/contracts';

import { useSessionStore } from '../../session/session.store';
import { apiClient, createApiClient, setApiErrorHandler } from '../api-client';
import { ApiError } from '../api-error';
import { createFakeFetch } from './fake-fetch';

describe('createApiClient', () => {
  it('sends Accept, the front-end header and the bearer token to baseUrl + path', async () => {
    const fake = createFakeFetch({ status: 200, body: { data: { id: 1 } } });
    const client = createApiClient({ fetch: fake.fetch, getToken: () => 'tok-1' });

    await expect(client.get('/orders/1/2')).resolves.toEqual({ data: { id: 1 } });

    const [request] = fake.requests;
    expect(request?.url).toBe('/api/orders/1/2');
    expect(request?.method).toBe('GET');
    expect(request?.headers).toMatchObject({
      Accept: 'application/json',
      [FRONTEND_HEADER.name]: FRONTEND_HEADER.value,
      Authorization: 'Bearer tok-1',
    });
  });

  it('sends no Authorization header without a token, and joins paths written without a slash', async () => {
    const fake = createFakeFetch();
    const client = createApiClient({
      fetch: fake.fetch,
      baseUrl: 'http://api.test/api/',
      getToken: () => null,
    });
    await client.post('auth/switchCompany/3');
    expect(fake.requests[0]?.url).toBe('http://api.test/api/auth/switchCompany/3');
    expect(fake.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends JSON bodies with a content type, and FormData untouched', async () => {
    const fake = createFakeFetch({ status: 204 });
    const client = createApiClient({ fetch: fake.fetch });

    await expect(client.put('stores/1', { name: 'Main' })).resolves.toBeUndefined();
    expect(fake.requests[0]).toMatchObject({
      method: 'PUT',
      body: '{"name":"Main"}',
      headers: { 'Content-Type': 'application/json' },
    });

    const form = new FormData();
    form.append('action_type', 'status');
    await client.post('orders/1/updateSyncStatus', form);
    expect(fake.requests[1]?.body).toBe(form);
    expect(fake.requests[1]?.headers['Content-Type']).toBeUndefined();

    await client.delete('products/1', { all: false, product_uuids: ['a'] });
    expect(fake.requests[2]).toMatchObject({ method: 'DELETE', body: '{"all":false,"product_uuids":["a"]}' });

    await client.patch('users/4/verify');
    expect(fake.requests[3]).toMatchObject({ method: 'PATCH', body: undefined });
  });

  it('encodes list params with the shared convention, plus plain query values', async () => {
    const fake = createFakeFetch({ status: 200, body: { data: [], meta: { total: 0 } } });
    const client = createApiClient({ fetch: fake.fetch });

    await client.get('orders/1', {
      filters: { sync_status: { eq: 7 }, channel_name: { like: '' } },
      dateRanges: {
        order_date: { startDate: '2026-01-01 00:00:00', endDate: '2026-01-31 23:59:59' },
        created_at: { startDate: '2026-02-01 00:00:00', endDate: '2026-02-30 00:00:00' },
      },
      search: '',
      sort_by: 'order_date',
      sort_direction: 'desc',
      page: 2,
      per_page: 25,
    });
    const url = new URL(fake.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/orders/1');
    expect([...url.searchParams.entries()]).toEqual([
      ['sync_status[eq]', '7'],
      ['order_date[startDate]', '2026-01-01 00:00:00'],
      ['order_date[endDate]', '2026-01-31 23:59:59'],
      ['sort_by', 'order_date'],
      ['sort_direction', 'desc'],
      ['page', '2'],
      ['per_page', '25'],
    ]);

    await client.get('notifications', { show_all: 1, empty: '', 'types[]': ['order', 'product'] });
    expect(fake.requests[1]?.url).toBe('/api/notifications?show_all=1&types%5B%5D=order&types%5B%5D=product');
  });

  it('turns an error response into an ApiError with the body fields and headers, after onError', async () => {
    const fake = createFakeFetch({
      status: 422,
      headers: { 'X-Email-Verification': '1' },
      body: {
        message: 'The given data was invalid.',
        error: 'validation',
        errors: { name: 'Required', sku: ['Taken', 'Long'] },
      },
    });
    const seen: ApiError[] = [];
    const client = createApiClient({ fetch: fake.fetch, onError: (error) => seen.push(error) });

    const error = await client.post('products/1/create', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      error: 'validation',
      errors: { name: ['Required'], sku: ['Taken', 'Long'] },
    });
    expect((error as ApiError).headers.get('x-email-verification')).toBe('1');
    expect(seen).toEqual([error]);
  });

  it('keeps a non-JSON error body and leaves message empty', async () => {
    const fake = createFakeFetch({
      status: 502,
      body: '<html>Bad gateway</html>',
      headers: { 'content-type': 'text/html' },
    });
    const client = createApiClient({ fetch: fake.fetch });
    const error = (await client.get('stores').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('');
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it('reports a network failure as status 500 (unknown error status)', async () => {
    const client = createApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    });
    const error = (await client.get('stores').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.headers.get('anything')).toBeNull();
  });

  it('treats a non-error status on a failed response as 500', async () => {
    const fake = createFakeFetch({ status: 0 });
    const error = (await createApiClient({ fetch: fake.fetch })
      .get('stores')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(500);
  });

  it('passes an abort through untouched and does not report it', async () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const onError = jest.fn();
    const client = createApiClient({
      onError,
      fetch: (async () => {
        throw abort;
      }) as unknown as typeof fetch,
    });
    await expect(client.get('stores')).rejects.toBe(abort);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('apiClient (shared instance)', () => {
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = originalFetch;
    useSessionStore.getState().reset();
  });

  it('reads the token from the session store and sends errors to the registered handler', async () => {
    const fake = createFakeFetch({ status: 403, body: { message: 'Forbidden', error: 'forbidden' } });
    globalThis.fetch = fake.fetch;
    useSessionStore.getState().setToken('session-token');
    const handler = jest.fn();
    const restore = setApiErrorHandler(handler);

    await expect(apiClient.get('roles')).rejects.toMatchObject({ status: 403 });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer session-token');
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ status: 403, message: 'Forbidden' }));
    restore();
  });
});
