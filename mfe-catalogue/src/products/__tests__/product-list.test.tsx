import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, choose, findModal, renderPage, sessionUser } from '../../__tests__/render-page';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';
import { EMPTY_PRODUCTS_TEXT, KIT_QUANTITY_HINT } from '../ProductListPage';
import { IMPORT_TITLE } from '../ProductTransfers';
import { GIFT_SET, LID, MUG, productRow } from './product-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const rowOf = async (sku: string) => (await screen.findByText(sku)).closest('tr') as HTMLElement;
const tick = (row: HTMLElement) =>
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);
const lastListQuery = (api: ReturnType<typeof stubFetch>) => {
  const calls = api.calls('GET', '/products/11');
  return calls[calls.length - 1]?.query;
};

beforeEach(() => localStorage.clear());

describe('Products list', () => {
  it('shows each product with its figures, the price in GBP with 2 decimals and the UTC update time', async () => {
    stubFetch({ 'GET /products/:storeId': listBody([MUG, GIFT_SET]) });
    renderPage('/products/11');

    const mug = await rowOf('MUG-RED');
    expect(within(mug).getByText('Red mug')).toBeInTheDocument();
    expect(within(mug).getByText('Product')).toBeInTheDocument();
    expect(within(mug).getByText('£1,234.50')).toBeInTheDocument();
    expect(within(mug).getByText('22 Nov 2026 14:03:05 UTC')).toBeInTheDocument();
    expect(within(mug).getByText('Synced')).toBeInTheDocument();
    expect(within(mug).getByText('Acme Shopify')).toBeInTheDocument();
    expect(within(mug).getByText('On')).toBeInTheDocument();

    const kit = await rowOf('GIFT-SET');
    expect(within(kit).getByText('Kit')).toBeInTheDocument();
    expect(within(kit).getByLabelText(KIT_QUANTITY_HINT)).toBeInTheDocument();
    expect(within(kit).getByText('£20.00')).toBeInTheDocument();
    expect(within(kit).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Acme Web')).toBeInTheDocument();
  });

  it("says a product no channel lists is Not listed, in the product page's words", async () => {
    stubFetch({ 'GET /products/:storeId': listBody([{ ...GIFT_SET, channels: [] }]) });
    renderPage('/products/11');
    const kit = await rowOf('GIFT-SET');
    expect(within(kit).getByText('Not listed')).toBeInTheDocument();
    expect(within(kit).queryByText('None')).toBeNull();
  });

  it('says what to do next when the store has no products: create one, or import a file', async () => {
    stubFetch({ 'GET /products/:storeId': listBody([]) });
    renderPage('/products/11');
    const empty = (await screen.findByText(EMPTY_PRODUCTS_TEXT)).closest('.ant-empty') as HTMLElement;
    fireEvent.click(buttonByText('Import a file', empty));
    const dialog = await findModal(IMPORT_TITLE);
    expect(within(dialog).getByText('kit_items')).toBeInTheDocument();
    fireEvent.click(buttonByText('Create product', empty));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products/11/create'));
  });

  it('exports the ticked products, or what the filters select, in the chosen format', async () => {
    const started = {
      message: 'Export started. You will be notified by e-mail when it is ready.',
      data: {
        id: 44,
        uuid: '0b8e7c1a-2f4d-4c6b-9a1e-5d3f2b7c8a90',
        store_id: 11,
        channel_id: null,
        kind: 'export',
        subject: 'products',
        file_format: 'csv',
        status: 'queued',
        original_name: null,
        rows_total: null,
        rows_done: 0,
        rows_failed: 0,
        error: null,
        download_path: null,
        report_path: null,
        created_at: '2026-11-24T09:30:00.000Z',
        finished_at: null,
      },
    };
    const api = stubFetch({
      'GET /products/:storeId': listBody([MUG, LID]),
      'POST /products/:storeId/export/:format': { status: 202, body: started },
      'GET /fileTransfers/:storeId/:uuid': { body: { data: started.data } },
    });
    renderPage('/products/11');
    await rowOf('MUG-RED');
    await choose('Filter by type', 'Products');
    await waitFor(() => expect(lastListQuery(api)?.get('type[eq]')).toBe('product'));
    tick(await rowOf('LID-1'));
    fireEvent.click(buttonByText('Export (1 selected)'));
    fireEvent.click(await screen.findByText('CSV'));
    await waitFor(() => expect(api.calls('POST', '/products/11/export/csv')).toHaveLength(1));
    const call = api.calls('POST', '/products/11/export/csv')[0];
    expect(call?.body).toEqual({ product_uuids: [LID.uuid] });
    expect(call?.query.get('type[eq]')).toBe('product');
    expect(call?.query.get('page')).toBeNull();
    expect(await screen.findByText(started.message)).toBeInTheDocument();
  });

  it('sends its filters, search and sort in the list query string', async () => {
    const api = stubFetch({ 'GET /products/:storeId': listBody([MUG]) });
    renderPage('/products/11');
    await rowOf('MUG-RED');

    await choose('Filter by type', 'Kits');
    await waitFor(() => expect(lastListQuery(api)?.get('type[eq]')).toBe('kit'));
    await choose('Filter by sync status', 'Failed');
    await waitFor(() => expect(lastListQuery(api)?.get('api_sync_status[eq]')).toBe('3'));
    await choose('Filter by auto sync stock', 'Auto sync off');
    await waitFor(() => expect(lastListQuery(api)?.get('auto_sync_stock[eq]')).toBe('0'));
    fireEvent.change(screen.getByLabelText('Quantity from'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Quantity to'), { target: { value: '40' } });
    await waitFor(() => expect(lastListQuery(api)?.get('quantity[lte]')).toBe('40'));
    const search = screen.getByLabelText('Search by SKU or title');
    fireEvent.change(search, { target: { value: 'mug' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery(api)?.get('search')).toBe('mug'));

    const query = lastListQuery(api);
    expect(Object.fromEntries(query?.entries() ?? [])).toEqual({
      'type[eq]': 'kit',
      'api_sync_status[eq]': '3',
      'auto_sync_stock[eq]': '0',
      'quantity[gte]': '3',
      'quantity[lte]': '40',
      search: 'mug',
      page: '1',
      per_page: '25',
    });
    // With filters on, the empty state says so instead of inviting a first product.
    api.on('GET /products/:storeId', listBody([]));
    fireEvent.click(buttonByText('Clear filters'));
    await waitFor(() => expect(lastListQuery(api)?.get('type[eq]')).toBeNull());
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });

  it('names the kits that block a bulk delete, and deletes them too only when asked', async () => {
    const api = stubFetch({
      'GET /products/:storeId': listBody([MUG, LID]),
      'POST /products/:storeId/checkProductUsedInKit': {
        body: {
          data: {
            used: [
              {
                product_uuid: MUG.uuid,
                sku: 'MUG-RED',
                kits: [{ uuid: GIFT_SET.uuid, sku: 'GIFT-SET', title: 'Mug gift set' }],
              },
            ],
          },
        },
      },
      'DELETE /products/:storeId': { body: { data: { deleted: 2 } } },
    });
    renderPage('/products/11');
    tick(await rowOf('MUG-RED'));
    const bar = await screen.findByLabelText('Selection');
    fireEvent.click(buttonByText('Delete', bar));

    let modal = await findModal('Delete 1 product?');
    expect(api.calls('POST', '/products/11/checkProductUsedInKit')[0]?.body).toEqual({
      product_uuids: [MUG.uuid],
    });
    expect(within(modal).getByText(/GIFT-SET \(Mug gift set\)/)).toBeInTheDocument();
    fireEvent.click(buttonByText('Cancel', modal));
    await waitFor(() => expect(screen.queryByText('Delete 1 product?')).toBeNull());

    fireEvent.click(buttonByText('Delete', bar));
    modal = await findModal('Delete 1 product?');
    fireEvent.click(buttonByText('Delete them and 1 kit', modal));
    await waitFor(() => expect(api.calls('DELETE', '/products/11')).toHaveLength(1));
    expect(api.calls('DELETE', '/products/11')[0]?.body).toEqual({
      product_uuids: [MUG.uuid, GIFT_SET.uuid],
    });
    expect(await screen.findByText('Deleted successfully.')).toBeInTheDocument();
  });

  it('deletes the whole store for Select all over an unfiltered list, and shows a refusal in the dialog', async () => {
    const refusal = 'Products could not be deleted right now.';
    const api = stubFetch({
      'GET /products/:storeId': listBody([MUG, LID], 40),
      'DELETE /products/:storeId': { status: 409, body: { message: refusal, error: 'conflict' } },
    });
    renderPage('/products/11');
    tick(await rowOf('MUG-RED'));
    const bar = await screen.findByLabelText('Selection');
    fireEvent.click(buttonByText('Select all 40', bar));
    expect(await within(bar).findByText('40 selected')).toBeInTheDocument();
    fireEvent.click(buttonByText('Delete', bar));

    const modal = await findModal('Delete all 40 products?');
    fireEvent.click(buttonByText('Delete', modal));
    expect(await within(modal).findByText(refusal)).toBeInTheDocument();
    expect(api.calls('DELETE', '/products/11')[0]?.body).toEqual({ all: true });
    // The whole store goes, kits with their components: there is nothing to check.
    expect(api.calls('POST', '/products/11/checkProductUsedInKit')).toHaveLength(0);
  });

  it('names the matching products, never the whole store, for Select all over a filtered list', async () => {
    const rows = Array.from({ length: 3 }, (_, index) =>
      productRow({
        id: 100 + index,
        uuid: `b2b2b2b2-0000-4000-8000-00000000010${index}`,
        sku: `CUP-${index}`,
      }),
    );
    const api = stubFetch({
      'GET /products/:storeId': listBody(rows),
      'POST /products/:storeId/checkProductUsedInKit': { body: { data: { used: [] } } },
      'DELETE /products/:storeId': validationError({
        product_uuids: ['CUP-0 is a component of GIFT-SET.', 'CUP-2 is a component of GIFT-BOX.'],
      }),
    });
    renderPage('/products/11');
    await rowOf('CUP-0');
    await choose('Filter by type', 'Products');
    await waitFor(() => expect(lastListQuery(api)?.get('type[eq]')).toBe('product'));
    tick(await rowOf('CUP-0'));
    const bar = await screen.findByLabelText('Selection');
    fireEvent.click(buttonByText('Select all 3', bar));
    tick(await rowOf('CUP-1'));
    expect(await within(bar).findByText('2 selected')).toBeInTheDocument();
    fireEvent.click(buttonByText('Delete', bar));

    const modal = await findModal('Delete 2 products?');
    const resolved = lastListQuery(api);
    expect(resolved?.get('type[eq]')).toBe('product');
    expect(resolved?.get('per_page')).toBe('500');
    const uuids = [rows[0]!.uuid, rows[2]!.uuid];
    expect(api.calls('POST', '/products/11/checkProductUsedInKit')[0]?.body).toEqual({
      product_uuids: uuids,
    });
    fireEvent.click(buttonByText('Delete', modal));
    // Every product the server refused is listed, not only the first.
    expect(await within(modal).findByText('CUP-2 is a component of GIFT-BOX.')).toBeInTheDocument();
    expect(within(modal).getByText('CUP-0 is a component of GIFT-SET.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/products/11')[0]?.body).toEqual({ product_uuids: uuids });
  });

  it('turns auto sync stock on for the picked products', async () => {
    const api = stubFetch({
      'GET /products/:storeId': listBody([MUG, LID]),
      'PUT /products/:storeId/updateAutoSyncStock': { body: { data: { updated: 1 } } },
    });
    renderPage('/products/11');
    tick(await rowOf('LID-1'));
    fireEvent.click(buttonByText('Turn auto sync stock on', await screen.findByLabelText('Selection')));
    await waitFor(() =>
      expect(api.calls('PUT', '/products/11/updateAutoSyncStock')[0]?.body).toEqual({
        product_uuids: [LID.uuid],
        auto_sync_stock: true,
      }),
    );
    expect(await screen.findByText('Updated successfully.')).toBeInTheDocument();
  });

  it('refetches the page once for a burst of stock events of its store, keeping its filters', async () => {
    let quantity = 12;
    const api = stubFetch({
      'GET /products/:storeId': () => listBody([{ ...MUG, quantity, available: quantity }]),
    });
    renderPage('/products/11');
    await rowOf('MUG-RED');
    await choose('Filter by type', 'Products');
    await waitFor(() => expect(api.calls('GET', '/products/11')).toHaveLength(2));
    await waitFor(() => expect(listenerCount('stock:changed')).toBeGreaterThan(0));

    quantity = 7;
    act(() => {
      serverEmits('stock:changed', { storeId: 11, productIds: [31, 40] });
      serverEmits('catalogue:changed', { storeId: 11, subject: 'products', ids: [31] });
      serverEmits('stock:changed', { storeId: 11, productIds: [31] });
    });
    await waitFor(async () => expect(within(await rowOf('MUG-RED')).getAllByText('7')).toHaveLength(2));
    expect(api.calls('GET', '/products/11')).toHaveLength(3);
    expect(lastListQuery(api)?.get('type[eq]')).toBe('product');
  });
});

describe('Products without a store in the path', () => {
  it('opens the only store straight away', async () => {
    stubFetch({ 'GET /products/:storeId': listBody([]) });
    renderPage('/products');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products/11'));
  });

  it('asks which store when there are several', async () => {
    stubFetch({ 'GET /products/:storeId': listBody([MUG]) });
    renderPage(
      '/products',
      sessionUser({
        stores: [
          { id: 11, name: 'Acme Web' },
          { id: 12, name: 'Acme EU' },
        ],
      }),
    );
    fireEvent.click(await screen.findByText('Acme EU'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products/12'));
    expect(await screen.findByText('Change store')).toBeInTheDocument();
  });
});
