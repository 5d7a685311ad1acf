import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, type StubbedRequest } from '@syncdesk/web-kit/testing';
import { setApiErrorHandler, type ApiError } from '@syncdesk/web-kit';

import {
  buttonByText,
  choose,
  findHeading,
  findModal,
  findPopover,
  queryButtonByText,
  renderPage,
} from '../../__tests__/render-page';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';
import { CATALOGUE_MANAGER, CATALOGUE_READER, listing, UNMATCHED } from './catalogue-fixtures';
import { serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const LIST = '/stores/11/channels/5/products';

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

function tick(row: HTMLElement) {
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLInputElement);
}

const lastList = (api: { calls(method: string, path: string): StubbedRequest[] }) => {
  const calls = api.calls('GET', LIST);
  return calls[calls.length - 1]!.query;
};

describe('Channel products list', () => {
  it("shows each listing's figures: target quantity or Not told, GBP price, match, sync status and the UTC push time", async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: listBody([listing(), UNMATCHED]),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    expect(await findHeading('Channel products')).toBeInTheDocument();
    expect(await screen.findByText('Acme Shopify · Shopify')).toBeInTheDocument();

    const matched = await rowOf('gid-1001');
    expect(within(matched).getByText('SHOP-MUG-1')).toBeInTheDocument();
    expect(within(matched).getByText('£12.50')).toBeInTheDocument();
    expect(within(matched).getByText('Synced')).toBeInTheDocument();
    expect(within(matched).getByText('22 Nov 2026 14:03:05 UTC')).toBeInTheDocument();
    expect(within(matched).getByText('MUG-1', { selector: 'a' })).toHaveAttribute('href', '/products/11/41');
    expect(within(matched).getByText('gid-1001')).toHaveAttribute('href', `${LIST}/301`);

    const unmatched = await rowOf('gid-1002');
    expect(within(unmatched).getByText('Not told')).toBeInTheDocument();
    // Unmatched as its match and as its sync state: a shop-only listing is not a failure.
    expect(within(unmatched).getAllByText('Unmatched')).toHaveLength(2);
    expect(within(unmatched).queryByText('Failed')).not.toBeInTheDocument();
    expect(within(unmatched).getByText('Draft')).toBeInTheDocument();
  });

  it('opens for someone who may read listings but not the channel: no error, no trip home, headed Channel', async () => {
    // The shell's handler notifies and sends a 403 home; the channel header must not reach it.
    const handled: ApiError[] = [];
    const restore = setApiErrorHandler((error) => handled.push(error));
    try {
      stubFetch({
        'GET /stores/:storeId/channels/:channelId': {
          status: 403,
          body: { message: 'This action is unauthorized.', error: 'forbidden' },
        },
        [`GET ${LIST}`]: listBody([listing()]),
      });
      renderPage(LIST, CATALOGUE_READER);
      await rowOf('gid-1001');
      expect(await screen.findByText('Channel')).toBeInTheDocument();
      expect(handled).toEqual([]);
    } finally {
      restore();
    }
  });

  it('sends the listing tab, sync status, matched filter and search as list parameters', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: listBody([listing()]),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('gid-1001');
    expect(lastList(api).get('filter')).toBeNull();

    fireEvent.click(within(screen.getByLabelText('Listing filter')).getByText('Live'));
    await waitFor(() => expect(lastList(api).get('filter')).toBe('4'));

    await choose('Sync status filter', 'Failed');
    await waitFor(() => expect(lastList(api).get('sync_status[eq]')).toBe('3'));
    await choose('Sync status filter', 'Excluded');
    await waitFor(() => expect(lastList(api).get('sync_status[in]')).toBe('3,6'));

    await choose('Matched filter', 'Unmatched');
    await waitFor(() => expect(lastList(api).get('matched[eq]')).toBe('0'));

    const search = screen.getByLabelText('Search SKU, title or listing ID');
    fireEvent.change(search, { target: { value: 'mug' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastList(api).get('search')).toBe('mug'));
    const query = lastList(api);
    expect(query.get('filter')).toBe('4');
    expect(query.get('matched[eq]')).toBe('0');
    expect(query.get('page')).toBe('1');
  });

  it('uses the TikTok product states instead of the listing tabs on a TikTok channel', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': {
        body: { data: { ...CHANNEL, type: 'tiktok', provider: 'TikTok Shop' } },
      },
      [`GET ${LIST}`]: listBody([listing({ tiktok_status: 'ACTIVATE' })]),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    const row = await rowOf('gid-1001');
    await waitFor(() => expect(within(row).getByText('Active')).toBeInTheDocument());
    expect(screen.queryByLabelText('Listing filter')).toBeNull();
    await choose('TikTok product status', 'Deactivated by seller');
    await waitFor(() => expect(lastList(api).get('tiktok_status[eq]')).toBe('SELLER_DEACTIVATED'));
    expect(lastList(api).get('filter')).toBeNull();
  });

  it('sets the sync status of the ticked listings by id, and of the whole channel after Select all', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: listBody([listing(), UNMATCHED], 60),
      [`PUT ${LIST}/updateSyncStatus`]: { body: { data: { updated: 1 } } },
      [`PUT ${LIST}/updateSyncStatusAll`]: { body: { data: { updated: 60 } } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    tick(await rowOf('gid-1002'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();

    fireEvent.click(buttonByText('Set sync status'));
    let dialog = await findModal('Set sync status');
    expect(
      within(dialog).getByText('1 listing will be set to Pending.', { exact: false }),
    ).toBeInTheDocument();
    await choose('New sync status', 'Excluded', dialog);
    expect(api.calls('PUT', `${LIST}/updateSyncStatus`)).toHaveLength(0);
    fireEvent.click(
      buttonByText('Set sync status', dialog.querySelector('.ant-modal-footer') as HTMLElement),
    );
    await waitFor(() =>
      expect(api.calls('PUT', `${LIST}/updateSyncStatus`).map((call) => call.body)).toEqual([
        { channel_product_ids: [302], status: 6 },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());

    tick(await rowOf('gid-1001'));
    fireEvent.click(buttonByText('Select all 60'));
    expect(await screen.findByText('60 selected')).toBeInTheDocument();
    fireEvent.click(buttonByText('Set sync status'));
    dialog = await findModal('Set sync status');
    await waitFor(() =>
      expect(
        within(dialog).getByText('All 60 listings of this channel will be set to Pending.', { exact: false }),
      ).toBeInTheDocument(),
    );
    fireEvent.click(
      buttonByText('Set sync status', dialog.querySelector('.ant-modal-footer') as HTMLElement),
    );
    await waitFor(() =>
      expect(api.calls('PUT', `${LIST}/updateSyncStatusAll`).map((call) => call.body)).toEqual([
        { status: 0 },
      ]),
    );
    expect(api.calls('PUT', `${LIST}/updateSyncStatus`)).toHaveLength(1);
  });

  it("sends a filtered Select all as `all` with the list's filters, and one with rows unticked as the rest of the rows", async () => {
    const alsoUnmatched = { ...UNMATCHED, id: 303, uuid: 'a-303', channel_product_id: 'gid-1003' };
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: (request) => {
        if (request.query.get('matched[eq]') !== '0') return listBody([listing(), UNMATCHED], 60);
        // The page shows two of the three unmatched listings; the bulk action asks for all of them.
        const third = { ...UNMATCHED, id: 304, uuid: 'a-304', channel_product_id: 'gid-1004' };
        return listBody(
          request.query.get('per_page') === '500'
            ? [UNMATCHED, alsoUnmatched, third]
            : [UNMATCHED, alsoUnmatched],
          3,
        );
      },
      [`PUT ${LIST}/updateSyncStatus`]: { body: { data: { updated: 2 } } },
      [`PUT ${LIST}/updateSyncStatusAll`]: { body: { data: { updated: 3 } } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('gid-1001');
    await choose('Matched filter', 'Unmatched');
    await waitFor(() => expect(screen.queryByText('gid-1001')).toBeNull());
    tick(await rowOf('gid-1002'));
    fireEvent.click(buttonByText('Select all 3'));
    expect(await screen.findByText('3 selected')).toBeInTheDocument();
    fireEvent.click(buttonByText('Set sync status'));
    let dialog = await findModal('Set sync status');
    expect(
      within(dialog).getByText('All 3 listings matching the filters will be set to Pending.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    fireEvent.click(
      buttonByText('Set sync status', dialog.querySelector('.ant-modal-footer') as HTMLElement),
    );
    await waitFor(() => expect(api.calls('PUT', `${LIST}/updateSyncStatusAll`)).toHaveLength(1));
    const all = api.calls('PUT', `${LIST}/updateSyncStatusAll`)[0]!;
    expect(all.body).toEqual({ status: 0 });
    expect(all.query.get('matched[eq]')).toBe('0');
    expect(all.query.get('page')).toBeNull();

    // Select all, then untick one: `all` can't say "except", so the rest go by id.
    await waitFor(() => expect(screen.queryByText('3 selected')).toBeNull());
    tick(await rowOf('gid-1002'));
    fireEvent.click(buttonByText('Select all 3'));
    tick(await rowOf('gid-1003'));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    fireEvent.click(buttonByText('Set sync status'));
    dialog = await findModal('Set sync status');
    fireEvent.click(
      buttonByText('Set sync status', dialog.querySelector('.ant-modal-footer') as HTMLElement),
    );
    await waitFor(() =>
      expect(api.calls('PUT', `${LIST}/updateSyncStatus`).map((call) => call.body)).toEqual([
        { channel_product_ids: [302, 304], status: 0 },
      ]),
    );
    const everyRow = api.calls('GET', LIST).find((call) => call.query.get('per_page') === '500');
    expect(everyRow?.query.get('matched[eq]')).toBe('0');
    expect(api.calls('PUT', `${LIST}/updateSyncStatusAll`)).toHaveLength(1);
  });

  it('exports what the list shows, or the ticked listings, and opens the import dialog', async () => {
    const transfer = {
      id: 1,
      uuid: '3f1e0c2a-0000-4000-8000-000000000001',
      store_id: 11,
      kind: 'export',
      subject: 'channel_products',
      channel_id: 5,
      file_format: 'csv',
      status: 'queued',
      rows_total: null,
      rows_done: 0,
      rows_failed: 0,
      error: null,
      original_name: null,
      download_path: null,
      report_path: null,
      created_at: '2026-11-22T14:03:05Z',
      finished_at: null,
    };
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: listBody([listing(), UNMATCHED]),
      [`POST ${LIST}/export/csv`]: { status: 202, body: { message: 'Export started.', data: transfer } },
      'GET /fileTransfers/:storeId/:uuid': { body: { data: transfer } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('gid-1001');
    fireEvent.click(within(screen.getByLabelText('Listing filter')).getByText('Live'));
    await waitFor(() => expect(lastList(api).get('filter')).toBe('4'));
    tick(await rowOf('gid-1002'));
    fireEvent.click(buttonByText('Export (1 selected)'));
    fireEvent.click(await screen.findByText('CSV'));
    await waitFor(() => expect(api.calls('POST', `${LIST}/export/csv`)).toHaveLength(1));
    const exported = api.calls('POST', `${LIST}/export/csv`)[0]!;
    expect(exported.body).toEqual({ channel_product_uuids: [UNMATCHED.uuid] });
    expect(exported.query.get('filter')).toBe('4');

    fireEvent.click(buttonByText('Import'));
    expect(await findModal('Import channel products')).toBeInTheDocument();
  });

  it('deletes the ticked listings by uuid only after confirmation', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: listBody([listing(), UNMATCHED]),
      [`DELETE ${LIST}`]: { body: { data: { deleted: 2 } } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    tick(await rowOf('gid-1001'));
    tick(await rowOf('gid-1002'));
    fireEvent.click(buttonByText('Delete', screen.getByLabelText('Selection')));
    const popup = await findPopover('Delete 2 listings?');
    expect(api.calls('DELETE', LIST)).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() =>
      expect(api.calls('DELETE', LIST).map((call) => call.body)).toEqual([
        { channel_product_uuids: [listing().uuid, UNMATCHED.uuid] },
      ]),
    );
  });

  it('matches unmatched listings by SKU after confirmation and says how many were matched and created', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': {
        body: { data: { ...CHANNEL, settings: { add_to_products: true } } },
      },
      [`GET ${LIST}`]: listBody([UNMATCHED]),
      [`PUT ${LIST}/matchBySku`]: { body: { data: { matched: 3, created: 1 } } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('gid-1002');
    const listLoads = api.calls('GET', LIST).length;
    fireEvent.click(buttonByText('Match by SKU'));
    const popup = await findPopover('Match unmatched listings by SKU?');
    expect(within(popup).getByText(/this channel adds the missing products/)).toBeInTheDocument();
    fireEvent.click(buttonByText('Match', popup));
    expect(await screen.findByText('3 listings matched; 1 product created.')).toBeInTheDocument();
    expect(api.calls('PUT', `${LIST}/matchBySku`)).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET', LIST).length).toBeGreaterThan(listLoads));
  });

  it('says what to do next when the channel has no listings, and offers no changes to a reader', async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: listBody([]),
    });
    renderPage(LIST, CATALOGUE_READER);
    expect(
      await screen.findByText(
        "No listings yet. They arrive when the channel's products are downloaded, or import a file.",
      ),
    ).toBeInTheDocument();
    expect(queryButtonByText('Match by SKU')).toBeNull();
  });

  it('offers to clear the filters and the search when none match', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: (request) =>
        listBody(request.query.get('filter') === '2' || request.query.get('search') ? [] : [listing()]),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('gid-1001');
    fireEvent.click(within(screen.getByLabelText('Listing filter')).getByText('Pending'));
    const search = screen.getByLabelText('Search SKU, title or listing ID');
    fireEvent.change(search, { target: { value: 'nothing' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No listings match these filters.')).toBeInTheDocument();
    await waitFor(() => expect(lastList(api).get('search')).toBe('nothing'));
    fireEvent.click(buttonByText('Clear filters'));
    await rowOf('gid-1001');
    expect(lastList(api).get('filter')).toBeNull();
    expect(lastList(api).get('search')).toBeNull();
    expect(screen.getByLabelText('Search SKU, title or listing ID')).toHaveValue('');
  });

  it("reloads when the server says this channel's listings or their products' stock changed", async () => {
    let target = 5;
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LIST}`]: () => listBody([listing({ target_quantity: target })]),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('gid-1001');
    const loads = () => api.calls('GET', LIST).length;
    const before = loads();

    // Another channel's or store's news changes nothing here.
    act(() => serverEmits('catalogue:changed', { storeId: 11, subject: 'channel_products', channelId: 6 }));
    act(() => serverEmits('stock:changed', { storeId: 11, productIds: [99] }));
    act(() => serverEmits('catalogue:changed', { storeId: 12, subject: 'channel_products', channelId: 5 }));
    expect(loads()).toBe(before);

    target = 2;
    act(() => serverEmits('stock:changed', { storeId: 11, productIds: [41] }));
    await waitFor(() =>
      expect(within(screen.getByText('gid-1001').closest('tr')!).getByText('2')).toBeInTheDocument(),
    );
    const afterStock = loads();
    act(() => serverEmits('catalogue:changed', { storeId: 11, subject: 'channel_products', channelId: 5 }));
    await waitFor(() => expect(loads()).toBe(afterStock + 1));
  });
});
