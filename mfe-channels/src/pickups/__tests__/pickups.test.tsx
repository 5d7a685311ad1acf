import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import {
  ALL_SCOPES,
  buttonByText,
  choose,
  findHeading,
  findPopover,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';

const PICKUP = {
  id: 8,
  uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  store_id: 11,
  channel_id: 5,
  name: 'Covent Garden',
  address_line1: '12 Long Acre',
  address_line2: null,
  city: 'London',
  postcode: 'WC2E 9LH',
  country_code: 'GB',
  phone: '+44 20 7946 0000',
  store_sync_status: 2,
  is_active: true,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const MUG = {
  id: 41,
  pickup_store_id: 8,
  product_sku: 'MUG-1',
  title: 'Mug',
  quantity: 2,
  pickup_status: 'awaiting',
  status: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const editor = () => sessionUser({ scope: [...ALL_SCOPES, 'channels.update'] });

describe('Pickup stores', () => {
  it('lists pickup stores with their sync status, and switches one off through the status-update call', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /pickupStores/:storeId/:channelId/stores': listBody([PICKUP]),
      'PUT /pickupStores/:storeId/:channelId/stores/:id/statusUpdate': {
        body: { data: { ...PICKUP, is_active: false, store_sync_status: 6 } },
      },
    });
    renderPage('/stores/11/channels/5/pickups', editor());
    expect(await screen.findByText('Acme Shopify · Shopify')).toBeInTheDocument();
    const row = (await screen.findByText('Covent Garden')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Synced')).toBeInTheDocument();
    expect(within(row).getByText('+44 20 7946 0000')).toBeInTheDocument();
    fireEvent.click(within(row).getByLabelText('Covent Garden active'));
    await waitFor(() =>
      expect(api.calls('PUT', '/pickupStores/11/5/stores/8/statusUpdate')[0]?.body).toEqual({
        is_active: false,
      }),
    );
  });

  it('creates a pickup store from /pickups/create and opens it', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'POST /pickupStores/:storeId/:channelId/stores': { status: 201, body: { data: PICKUP } },
    });
    renderPage('/stores/11/channels/5/pickups/create', editor());
    expect(await findHeading('Add pickup store')).toBeInTheDocument();
    const create = buttonByText('Create pickup store');
    fireEvent.click(create);
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    for (const [label, value] of [
      ['Name', 'Covent Garden'],
      ['Address line 1', '12 Long Acre'],
      ['City', 'London'],
      ['Postcode', 'WC2E 9LH'],
      ['Country code', 'gb'],
    ]) {
      fireEvent.change(screen.getByLabelText(label!), { target: { value } });
    }
    fireEvent.click(create);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/5/pickups/8'),
    );
    expect(api.calls('POST', '/pickupStores/11/5/stores')[0]?.body).toEqual({
      name: 'Covent Garden',
      address_line1: '12 Long Acre',
      address_line2: null,
      city: 'London',
      postcode: 'WC2E 9LH',
      country_code: 'GB',
      phone: null,
      is_active: true,
    });
  });
});

describe("The spec's store-level pickup paths", () => {
  it.each([
    ['/stores/11/pickups', '/stores/11/channels/5/pickups'],
    ['/stores/11/pickups/8', '/stores/11/channels/5/pickups/8'],
    ['/stores/11/pickups/8/create', '/stores/11/channels/5/pickups/8/create'],
    ['/stores/11/pickups/8/41', '/stores/11/channels/5/pickups/8/41'],
  ])('%s asks for the channel, then opens %s', async (path, target) => {
    stubFetch({
      'GET /stores/:storeId/channels': listBody([CHANNEL]),
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /pickupStores/:storeId/:channelId/stores': listBody([PICKUP]),
      'GET /pickupStores/:storeId/:channelId/stores/:id': { body: { data: PICKUP } },
      'GET /pickupStores/:storeId/:channelId/:pickupId': listBody([MUG]),
      'GET /pickupStores/:storeId/:channelId/:pickupId/:productId': { body: { data: MUG } },
    });
    renderPage(path, editor());
    expect(await findHeading('Pickup stores')).toBeInTheDocument();
    await choose('Channel', 'Acme Shopify (Shopify)');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${target}$`)));
  });
});

describe('Pickup store products', () => {
  it('marks a product ready for pickup, then picked up, one step at a time; deletes all only after confirmation', async () => {
    let product = { ...MUG };
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /pickupStores/:storeId/:channelId/stores/:id': { body: { data: PICKUP } },
      'GET /pickupStores/:storeId/:channelId/:pickupId': () => listBody([product]),
      'PUT /pickupStores/:storeId/:channelId/:pickupId/:productId': (request) => {
        product = { ...product, ...(request.body as object), status: 1 };
        return { body: { data: product } };
      },
      'DELETE /pickupStores/:storeId/:channelId/:pickupId': { status: 204 },
    });
    renderPage('/stores/11/channels/5/pickups/8', editor());
    expect(await findHeading('Covent Garden')).toBeInTheDocument();
    const rowOf = async () => (await screen.findByText('MUG-1')).closest('tr') as HTMLElement;

    let row = await rowOf();
    expect(within(row).getByText('Awaiting')).toBeInTheDocument();
    expect(buttonByText('Mark as Picked Up', row)).toBeDisabled();
    fireEvent.click(buttonByText('Mark as Ready For Pickup', row));
    await waitFor(async () =>
      expect(within(await rowOf()).getByText('Ready for pickup')).toBeInTheDocument(),
    );
    expect(within(await rowOf()).getByText('Pending')).toBeInTheDocument();

    row = await rowOf();
    expect(buttonByText('Mark as Ready For Pickup', row)).toBeDisabled();
    fireEvent.click(buttonByText('Mark as Picked Up', row));
    await waitFor(async () => expect(within(await rowOf()).getByText('Picked up')).toBeInTheDocument());
    expect(api.calls('PUT', '/pickupStores/11/5/8/41').map((call) => call.body)).toEqual([
      { pickup_status: 'ready_for_pickup' },
      { pickup_status: 'picked_up' },
    ]);
    row = await rowOf();
    expect(buttonByText('Mark as Picked Up', row)).toBeDisabled();

    fireEvent.click(buttonByText('Delete all products'));
    const popup = await findPopover('Delete all products of this pickup store?');
    expect(api.calls('DELETE', '/pickupStores/11/5/8')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete all', popup));
    await waitFor(() => expect(api.calls('DELETE', '/pickupStores/11/5/8')).toHaveLength(1));
  });
});
