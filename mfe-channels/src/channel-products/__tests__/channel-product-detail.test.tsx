import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  findHeading,
  findPopover,
  queryButtonByText,
  renderPage,
} from '../../__tests__/render-page';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';
import {
  CATALOGUE_MANAGER,
  CATALOGUE_READER,
  listing,
  product,
  productDetail,
  UNMATCHED,
} from './catalogue-fixtures';
import { serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const BASE = '/stores/11/channels/5/products';
const TEA = product({ id: 42, sku: 'TEA-9', title: 'Green tea' });

describe('Channel product detail', () => {
  it('matches an unmatched listing to a product found by searching the store', async () => {
    let current = UNMATCHED;
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${BASE}/302`]: () => ({ body: { data: current } }),
      'GET /products/11': (request) =>
        listBody(request.query.get('search') === 'tea' ? [TEA] : [product(), TEA]),
      'GET /products/11/42': { body: { data: productDetail({ ...TEA, channel_quantities: [] }) } },
      [`PUT ${BASE}/302`]: (request) => {
        // Matched, the listing waits for its stock push (inventory level pending), as the api answers.
        current = {
          ...UNMATCHED,
          product_id: 42,
          matched_sku: 'TEA-9',
          target_quantity: 9,
          sync_status: 4,
        };
        expect(request.body).toEqual({ matched_sku: 'TEA-9' });
        return { body: { data: current } };
      },
    });
    renderPage(`${BASE}/302`, CATALOGUE_MANAGER);
    expect(await findHeading('Green tea')).toBeInTheDocument();
    expect(screen.getByText('Not told: this listing is not matched to a product.')).toBeInTheDocument();
    expect(buttonByText('Match')).toBeDisabled();

    const picker = screen.getByLabelText('Match to a product');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'tea' } });
    await waitFor(() =>
      expect(
        api.requests.some((call) => call.path === '/products/11' && call.query.get('search') === 'tea'),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByTitle('TEA-9 · Green tea'));
    fireEvent.click(buttonByText('Match'));
    await waitFor(() => expect(api.calls('PUT', `${BASE}/302`)).toHaveLength(1));
    expect(await screen.findByText('TEA-9', { selector: 'a' })).toHaveAttribute('href', '/products/11/42');
    expect(screen.queryByText('Unmatched')).toBeNull();
  });

  it('explains the target quantity from the matched product and unmatches after confirmation', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${BASE}/301`]: { body: { data: listing() } },
      'GET /products/11/41': { body: { data: productDetail() } },
      [`PUT ${BASE}/301`]: { body: { data: UNMATCHED } },
    });
    renderPage(`${BASE}/301`, CATALOGUE_MANAGER);
    expect(await findHeading('Blue mug')).toBeInTheDocument();
    expect(await screen.findByText('Low stock buffer of 4 subtracted')).toBeInTheDocument();
    expect(screen.getByText('9 available')).toBeInTheDocument();
    expect(screen.getByText('£12.50')).toBeInTheDocument();
    expect(screen.getByText('Blue mug', { selector: 'a', exact: false })).toHaveAttribute(
      'href',
      '/products/11/41',
    );

    fireEvent.click(buttonByText('Unmatch'));
    const popup = await findPopover('Unmatch this listing?');
    expect(api.calls('PUT', `${BASE}/301`)).toHaveLength(0);
    fireEvent.click(buttonByText('Unmatch', popup));
    await waitFor(() =>
      expect(api.calls('PUT', `${BASE}/301`).map((call) => call.body)).toEqual([{ matched_sku: null }]),
    );
  });

  it("works the explanation out with the stock rules from the channel's settings when the product has none for it", async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': {
        body: {
          data: {
            ...CHANNEL,
            settings: { auto_sync_stock: true, use_max_stock_level: true, max_stock_level: 3 },
          },
        },
      },
      [`GET ${BASE}/301`]: { body: { data: listing({ target_quantity: 3 }) } },
      'GET /products/11/41': { body: { data: productDetail({ channel_quantities: [] }) } },
    });
    renderPage(`${BASE}/301`, CATALOGUE_MANAGER);
    expect(await screen.findByText('Capped at the maximum stock level of 3')).toBeInTheDocument();
  });

  it("pushes the stock now and shows the server's refusal for an unmatched listing", async () => {
    const refusal = 'Match this listing to a product before pushing its stock.';
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${BASE}/302`]: { body: { data: UNMATCHED } },
      [`PUT ${BASE}/pushStockLevel`]: {
        status: 422,
        body: { message: refusal, error: 'validation', errors: { channel_product_id: [refusal] } },
      },
    });
    renderPage(`${BASE}/302`, CATALOGUE_MANAGER);
    await findHeading('Green tea');
    fireEvent.click(buttonByText('Push stock now'));
    await waitFor(() => expect(screen.getAllByText(refusal).length).toBeGreaterThan(0));
    expect(api.calls('PUT', `${BASE}/pushStockLevel`).map((call) => call.body)).toEqual([
      { channel_product_id: 302 },
    ]);
    expect(screen.getByText(refusal, { selector: '.ant-alert *' })).toBeInTheDocument();
  });

  it('queues the push of a matched listing and shows it pending', async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${BASE}/301`]: { body: { data: listing() } },
      'GET /products/11/41': { body: { data: productDetail() } },
      [`PUT ${BASE}/pushStockLevel`]: { body: { data: listing({ sync_status: 0 }) } },
    });
    renderPage(`${BASE}/301`, CATALOGUE_MANAGER);
    await findHeading('Blue mug');
    const status = () =>
      screen.getByText('Sync status').closest('.ant-descriptions-item-container') as HTMLElement;
    expect(within(status()).getByText('Synced')).toBeInTheDocument();
    fireEvent.click(buttonByText('Push stock now'));
    expect(
      await screen.findByText('The stock push has been queued for this listing.', {
        selector: '.ant-alert *',
      }),
    ).toBeInTheDocument();
    expect(within(status()).getByText('Pending')).toBeInTheDocument();
  });

  it("reloads the listing when its product's stock changes, and offers no changes to a reader", async () => {
    let target = 5;
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${BASE}/301`]: () => ({ body: { data: listing({ target_quantity: target }) } }),
      'GET /products/11/41': { body: { data: productDetail() } },
    });
    renderPage(`${BASE}/301`, CATALOGUE_READER);
    await findHeading('Blue mug');
    expect(queryButtonByText('Push stock now')).toBeNull();
    expect(queryButtonByText('Unmatch')).toBeNull();
    const told = () =>
      screen.getByText('Will be told').closest('.ant-descriptions-item-container') as HTMLElement;
    expect(within(told()).getByText('5')).toBeInTheDocument();

    act(() => serverEmits('stock:changed', { storeId: 11, productIds: [77] }));
    expect(api.calls('GET', `${BASE}/301`)).toHaveLength(1);
    target = 1;
    act(() => serverEmits('stock:changed', { storeId: 11, productIds: [41] }));
    await waitFor(() => expect(within(told()).getByText('1')).toBeInTheDocument());
  });
});
