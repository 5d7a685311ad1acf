import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import {
  ALL_SCOPES,
  buttonByText,
  choose,
  findModal,
  findPopover,
  queryButtonByText,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';
import { CHANNEL } from './channel-fixture';

const DHL = { id: 1, code: 'dhl', name: 'DHL Parcel', tracking_url: null };
const ROYAL_MAIL = { id: 3, code: 'royal-mail', name: 'Royal Mail', tracking_url: null };

const LINKED = {
  id: 21,
  store_id: 11,
  channel_id: 5,
  courier_id: 1,
  courier: { id: 1, code: 'dhl', name: 'DHL Parcel' },
  name: 'DHL Parcel',
  custom_name: 'DHL Next Day',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};
const VAN = { ...LINKED, id: 22, courier_id: null, courier: null, name: 'Local van', custom_name: null };

const editor = () => sessionUser({ scope: [...ALL_SCOPES, 'channels.update'] });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Channel couriers', () => {
  it("lists the channel's couriers under the channel's name; adds one picked from the global list", async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /stores/:storeId/channels/:channelId/couriers': listBody([LINKED, VAN]),
      'GET /couriers': listBody([DHL, ROYAL_MAIL]),
      'POST /stores/:storeId/channels/:channelId/couriers': validationError({
        custom_name: ['The custom name may not be greater than 120 characters.'],
      }),
    });
    renderPage('/stores/11/channels/5/couriers', editor());
    expect(await screen.findByText('Acme Shopify · Shopify')).toBeInTheDocument();
    const linked = await rowOf('DHL Next Day');
    // Its name and the linked global courier.
    expect(within(linked).getAllByText('DHL Parcel')).toHaveLength(2);
    expect(within(await rowOf('Local van')).getByText('Not linked')).toBeInTheDocument();

    fireEvent.click(buttonByText('Add courier'));
    const dialog = await findModal('Add courier');
    await choose('Courier', 'Royal Mail', dialog);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Royal Mail');
    fireEvent.change(within(dialog).getByLabelText('Custom name'), { target: { value: 'RM Tracked' } });
    fireEvent.click(buttonByText('Add', dialog));
    // The server's refusal lands under its field.
    expect(
      await within(dialog).findByText('The custom name may not be greater than 120 characters.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/stores/11/channels/5/couriers')[0]?.body).toEqual({
      courier_id: 3,
      name: 'Royal Mail',
      custom_name: 'RM Tracked',
    });
  });

  it('deletes a courier only after confirmation', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /stores/:storeId/channels/:channelId/couriers': listBody([VAN]),
      'DELETE /stores/:storeId/channels/:channelId/couriers/:id': { status: 204 },
    });
    renderPage('/stores/11/channels/5/couriers', editor());
    fireEvent.click(buttonByText('Delete', await rowOf('Local van')));
    const popup = await findPopover('Delete Local van?');
    expect(within(popup).getByText('Its shipping method mappings go with it.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/stores/11/channels/5/couriers/22')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', '/stores/11/channels/5/couriers/22')).toHaveLength(1));
  });

  it('without channels.update shows the list only; without a channel in the path offers a channel choice', async () => {
    stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /stores/:storeId/channels/:channelId/couriers': listBody([VAN]),
      'GET /stores/:storeId/channels': listBody([CHANNEL]),
    });
    const { unmount } = renderPage('/stores/11/channels/5/couriers');
    await screen.findByText('Local van');
    expect(queryButtonByText('Add courier')).not.toBeInTheDocument();
    expect(queryButtonByText('Delete')).not.toBeInTheDocument();
    unmount();

    renderPage('/stores/11/channels/couriers');
    await screen.findByLabelText('Channel');
    await choose('Channel', 'Acme Shopify (Shopify)');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/5/couriers'),
    );
  });
});

describe('Courier mapping', () => {
  it('maps a shipping method to one of the channel’s couriers', async () => {
    const mapping = {
      id: 31,
      store_id: 11,
      channel_id: 5,
      shipping_method: 'Standard UK',
      channel_courier_id: 21,
      channel_courier: { id: 21, name: 'DHL Parcel', custom_name: 'DHL Next Day' },
      service_code: null,
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
    };
    let mappings: unknown[] = [];
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /stores/:storeId/channels/:channelId/couriers': listBody([LINKED, VAN]),
      'GET /stores/:storeId/channels/:channelId/courierMappings': () => listBody(mappings),
      'POST /stores/:storeId/channels/:channelId/courierMappings': () => {
        mappings = [mapping];
        return { status: 201, body: { data: mapping } };
      },
    });
    renderPage('/stores/11/channels/5/couriers/mapping', editor());
    expect(await screen.findByText('No shipping methods mapped yet')).toBeInTheDocument();

    fireEvent.click(buttonByText('Add mapping'));
    const dialog = await findModal('Add mapping');
    fireEvent.click(buttonByText('Add', dialog));
    expect(await within(dialog).findByText('The shipping method field is required.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Shipping method'), { target: { value: 'Standard UK' } });
    await choose('Courier', 'DHL Next Day (DHL Parcel)', dialog);
    fireEvent.click(buttonByText('Add', dialog));

    await waitFor(() =>
      expect(api.calls('POST', '/stores/11/channels/5/courierMappings')[0]?.body).toEqual({
        shipping_method: 'Standard UK',
        channel_courier_id: 21,
        service_code: null,
      }),
    );
    const row = await rowOf('Standard UK');
    expect(within(row).getByText('DHL Next Day (DHL Parcel)')).toBeInTheDocument();
  });
});
