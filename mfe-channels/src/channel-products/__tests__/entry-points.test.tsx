import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { settingsFormFor } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  choose,
  findHeading,
  queryButtonByText,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';
import { connection, STORE } from '../../connections/__tests__/connection-fixtures';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';
import { listing } from './catalogue-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const SELLER = sessionUser({
  scope: ['stores.read', 'channels.read', 'channels.update', 'products.read', 'products.update'],
});
const NO_PRODUCTS = sessionUser({ scope: ['stores.read', 'channels.read', 'channels.update'] });
const SHOP = connection({ id: 5, name: 'Web shop' });
const WAREHOUSE = connection({
  id: 9,
  kind: 'plugin',
  type: 'mintsoft',
  provider: 'Mintsoft',
  category: 'WMS',
  name: 'Main warehouse',
});

/** Opens the row's More menu and picks Products (the menu settles its items a tick later). */
async function openProductsFromMore(name: string) {
  fireEvent.click(await screen.findByLabelText(`More actions for ${name}`));
  const item = await screen.findByText('Products', { selector: '.ant-dropdown-menu-title-content' });
  await act(() => Promise.resolve());
  fireEvent.click(item);
}

beforeEach(() => localStorage.clear());

describe('Getting to the products of a channel or plugin', () => {
  it("opens a sales channel's listings from its row on the channels page", async () => {
    stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/channels': listBody([SHOP]),
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /stores/:storeId/channels/:channelId/products': listBody([listing()]),
    });
    renderPage('/channels?store=11', SELLER);
    await openProductsFromMore('Web shop');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/5/products'),
    );
    expect(await screen.findByText('gid-1001')).toBeInTheDocument();
  });

  it("opens a plugin's products from its row on the plugins tab", async () => {
    stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/plugins': listBody([WAREHOUSE]),
    });
    renderPage('/channels?store=11&tab=plugins', SELLER);
    await openProductsFromMore('Main warehouse');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/plugins/9/products'),
    );
  });

  it("offers Products on a channel's own page, only to those who may read products", async () => {
    const routesFor = {
      'GET /stores/:id/channels/form/:type': (request: { path: string }) => ({
        body: { data: settingsFormFor(request.path.split('/').at(-1) ?? '') },
      }),
      'GET /stores/:id/channels/:id': { body: { data: SHOP } },
    };
    stubFetch(routesFor);
    const first = renderPage('/stores/11/channels/5', NO_PRODUCTS);
    await findHeading('Web shop');
    expect(queryButtonByText('Products')).toBeNull();
    first.unmount();

    stubFetch({ ...routesFor, 'GET /stores/:storeId/channels/:channelId/products': listBody([]) });
    renderPage('/stores/11/channels/5', SELLER);
    await findHeading('Web shop');
    fireEvent.click(buttonByText('Products'));
    expect(await findHeading('Channel products')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/5/products');
  });

  it('asks for a channel when the products path names none', async () => {
    stubFetch({
      'GET /stores/:storeId/channels': listBody([CHANNEL]),
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /stores/:storeId/channels/:channelId/products': listBody([]),
    });
    renderPage('/stores/11/channels/products', SELLER);
    expect(await findHeading('Channel products')).toBeInTheDocument();
    await choose('Channel', 'Acme Shopify (Shopify)');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/5/products'),
    );
    expect(await screen.findByText('Acme Shopify · Shopify')).toBeInTheDocument();
  });
});
