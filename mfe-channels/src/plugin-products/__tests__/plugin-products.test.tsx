import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  choose,
  findHeading,
  findPopover,
  queryButtonByText,
  renderPage,
} from '../../__tests__/render-page';
import {
  CATALOGUE_MANAGER,
  CATALOGUE_READER,
  pluginProduct,
} from '../../channel-products/__tests__/catalogue-fixtures';
import { serverEmits } from '@syncdesk/web-kit/testing/fake-socket';
import { connection } from '../../connections/__tests__/connection-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const PLUGIN = connection({
  id: 9,
  kind: 'plugin',
  type: 'mintsoft',
  provider: 'Mintsoft',
  category: 'WMS',
  name: 'Main warehouse',
});
const LIST = '/stores/11/plugins/9/products';
const CUP = pluginProduct({
  id: 502,
  uuid: '7c2d1e3f-0000-4000-8000-000000000502',
  product_id: 42,
  sku: 'CUP-2',
  title: 'Espresso cup',
  remote_id: null,
  quantity: null,
  plugin_sync_status: 2,
  plugin_synced_at: null,
});

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

function tick(row: HTMLElement) {
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLInputElement);
}

describe('Plugin products', () => {
  it('lists what the plugin holds and resends one product', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}`]: listBody([pluginProduct(), CUP]),
      [`PUT ${LIST}/:id`]: (request) => ({
        body: { data: { ...pluginProduct(), ...(request.body as object) } },
      }),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    expect(await findHeading('Plugin products')).toBeInTheDocument();
    expect(await screen.findByText('Main warehouse · Mintsoft')).toBeInTheDocument();
    const mug = await rowOf('WMS-77');
    expect(within(mug).getByText('MUG-1')).toHaveAttribute('href', `${LIST}/501`);
    expect(within(mug).getByText('12')).toBeInTheDocument();
    expect(within(mug).getByText('Failed')).toBeInTheDocument();
    expect(within(mug).getByText('22 Nov 2026 09:15:00 UTC')).toBeInTheDocument();
    expect(within(await rowOf('CUP-2')).getByText('Synced')).toBeInTheDocument();

    const loads = api.calls('GET', LIST).length;
    fireEvent.click(buttonByText('Resend', mug));
    expect(await screen.findByText('MUG-1 will be sent to the plugin again.')).toBeInTheDocument();
    expect(api.calls('PUT', `${LIST}/501`).map((call) => call.body)).toEqual([{ plugin_sync_status: 0 }]);
    await waitFor(() => expect(api.calls('GET', LIST).length).toBeGreaterThan(loads));
  });

  it('resends the ticked products after confirmation, one call each', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}`]: listBody([pluginProduct(), CUP], 30),
      [`PUT ${LIST}/:id`]: { body: { data: pluginProduct() } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    tick(await rowOf('MUG-1'));
    tick(await rowOf('CUP-2'));
    fireEvent.click(buttonByText('Resend', screen.getByLabelText('Selection')));
    const popup = await findPopover('Resend 2 products?');
    expect(api.requests.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.click(buttonByText('Resend', popup));
    expect(await screen.findByText('2 products will be sent to the plugin again.')).toBeInTheDocument();
    expect(
      api.requests
        .filter((call) => call.method === 'PUT')
        .map((call) => call.path)
        .sort(),
    ).toEqual([`${LIST}/501`, `${LIST}/502`]);
  });

  it("deletes every product of the plugin after Select all and confirmation, with the list's filters", async () => {
    const api = stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}`]: listBody([pluginProduct(), CUP], 30),
      [`DELETE ${LIST}`]: { body: { data: { deleted: 30 } } },
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    tick(await rowOf('MUG-1'));
    fireEvent.click(buttonByText('Select all 30'));
    fireEvent.click(buttonByText('Delete', screen.getByLabelText('Selection')));
    const popup = await findPopover('Delete all 30 products of this plugin?');
    expect(api.calls('DELETE', LIST)).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(api.calls('DELETE', LIST)).toHaveLength(1));
    expect(api.calls('DELETE', LIST)[0]!.body).toEqual({ all: true });

    // Narrowed by sync status, `all` carries the filter so only the matching products go.
    await choose('Sync status filter', 'Failed');
    await waitFor(() =>
      expect(api.calls('GET', LIST).some((call) => call.query.get('plugin_sync_status[eq]') === '3')).toBe(
        true,
      ),
    );
    tick(await rowOf('MUG-1'));
    fireEvent.click(buttonByText('Select all 30'));
    fireEvent.click(buttonByText('Delete', screen.getByLabelText('Selection')));
    fireEvent.click(
      buttonByText('Delete', await findPopover('Delete all 30 products matching the filters?')),
    );
    await waitFor(() => expect(api.calls('DELETE', LIST)).toHaveLength(2));
    expect(api.calls('DELETE', LIST)[1]!.query.get('plugin_sync_status[eq]')).toBe('3');
  });

  it('says what to do next when the plugin has no products, and offers no changes to a reader', async () => {
    stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}`]: listBody([]),
    });
    renderPage(LIST, CATALOGUE_READER);
    expect(
      await screen.findByText(
        'No products on this plugin yet. They appear once products are sent to the plugin or it reports its stock.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('reloads when the server says this plugin’s products changed', async () => {
    const api = stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}`]: listBody([pluginProduct()]),
    });
    renderPage(LIST, CATALOGUE_MANAGER);
    await rowOf('MUG-1');
    const loads = api.calls('GET', LIST).length;
    act(() => serverEmits('catalogue:changed', { storeId: 11, subject: 'plugin_products', pluginId: 8 }));
    act(() => serverEmits('catalogue:changed', { storeId: 11, subject: 'channel_products', channelId: 9 }));
    expect(api.calls('GET', LIST)).toHaveLength(loads);
    act(() => serverEmits('catalogue:changed', { storeId: 11, subject: 'plugin_products', pluginId: 9 }));
    await waitFor(() => expect(api.calls('GET', LIST)).toHaveLength(loads + 1));
  });

  it('asks for a plugin when the path names none', async () => {
    stubFetch({ 'GET /stores/:storeId/plugins': listBody([PLUGIN]) });
    renderPage('/stores/11/plugins/products', CATALOGUE_MANAGER);
    expect(await findHeading('Plugin products')).toBeInTheDocument();
    expect(screen.getAllByText('Choose a plugin').length).toBeGreaterThan(0);
    await choose('Plugin', 'Main warehouse (Mintsoft)');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(LIST));
  });
});

describe('Plugin product detail', () => {
  it('shows the product as the plugin holds it, resends it and deletes it after confirmation', async () => {
    let current = CUP;
    const api = stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}/502`]: () => ({ body: { data: current } }),
      [`PUT ${LIST}/502`]: () => {
        current = { ...CUP, plugin_sync_status: 0 };
        return { body: { data: current } };
      },
      [`DELETE ${LIST}`]: { body: { data: { deleted: 1 } } },
      [`GET ${LIST}`]: listBody([]),
    });
    renderPage(`${LIST}/502`, CATALOGUE_MANAGER);
    expect(await findHeading('CUP-2 · Espresso cup')).toBeInTheDocument();
    expect(screen.getByText('Not reported yet')).toBeInTheDocument();
    expect(screen.getByText('CUP-2', { selector: 'a' })).toHaveAttribute('href', '/products/11/42');
    expect(screen.getByText('Synced')).toBeInTheDocument();

    fireEvent.click(buttonByText('Resend'));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(api.calls('PUT', `${LIST}/502`).map((call) => call.body)).toEqual([{ plugin_sync_status: 0 }]);

    fireEvent.click(buttonByText('Delete'));
    const popup = await findPopover('Delete this plugin product?');
    fireEvent.click(buttonByText('Delete', popup));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(LIST));
    expect(api.calls('DELETE', LIST)[0]!.body).toEqual({ plugin_product_uuids: [CUP.uuid] });
  });

  it('offers a reader no changes', async () => {
    stubFetch({
      'GET /stores/:storeId/plugins/:pluginId': { body: { data: PLUGIN } },
      [`GET ${LIST}/502`]: { body: { data: CUP } },
    });
    renderPage(`${LIST}/502`, CATALOGUE_READER);
    await findHeading('CUP-2 · Espresso cup');
    expect(queryButtonByText('Resend')).toBeNull();
    expect(queryButtonByText('Delete')).toBeNull();
  });
});
