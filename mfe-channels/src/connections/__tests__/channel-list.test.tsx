import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
  CHANNEL_CATALOGUE,
  type AvailableChannelDto,
  type ChannelDto,
  type SyncCapability,
} from '@syncdesk/contracts';
import { listBody, stubFetch, type StubbedRequest } from '@syncdesk/web-kit/testing';

import {
  buttonByText,
  choose,
  findModal,
  findPopover,
  queryButtonByText,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';
import { lastStoreStorageKey } from '../opening-store';
import { connection, MANAGER, OTHER_STORE, STORE } from './connection-fixtures';

const SHOPIFY = connection({
  id: 6,
  store_id: 12,
  type: 'shopify',
  provider: 'Shopify',
  auth_type: 'oauth',
  name: 'Shopify UK',
  authorized_at: '2026-11-21T10:00:00Z',
  syncs: ['orders_in', 'stock_out', 'fulfilment_out'],
});

// A slice of the real catalogue: every category, an inactive entry, a slug unlike its name.
/** As `GET available-channels` serves them: Shopify and Mirakl sync, the others only connect. */
const SYNCS: Record<string, SyncCapability[]> = {
  shopify: ['orders_in', 'stock_out', 'fulfilment_out'],
  'mirakl-decathlon': ['orders_in', 'stock_out', 'fulfilment_out', 'acknowledgements_out'],
};
const PICKER_CATALOGUE: AvailableChannelDto[] = CHANNEL_CATALOGUE.filter((entry) =>
  ['xero', 'amazonsp', 'ebay', 'mirakl-decathlon', 'shopify', 'woocommerce', 'cubecart', 'mintsoft'].includes(
    entry.slug,
  ),
).map((entry) => ({ ...entry, syncs: SYNCS[entry.slug] ?? [] }));

const LAST_STORE = lastStoreStorageKey(MANAGER);

/** The channels of store 12 are SHOPIFY's, of any other store the plain woocommerce connection. */
const channelsByStore = (request: StubbedRequest) =>
  listBody(request.path === '/stores/12/channels' ? [SHOPIFY] : [connection()]);

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('tr') as HTMLElement;
}

beforeEach(() => localStorage.clear());

describe('Channels page', () => {
  it("opens the store named in the link, shows each channel's OAuth state and remembers the store", async () => {
    localStorage.setItem(LAST_STORE, '11');
    const api = stubFetch({
      'GET /stores': listBody([STORE, OTHER_STORE]),
      'GET /stores/:id/channels': channelsByStore,
    });
    renderPage('/channels?store=12', MANAGER);
    const row = await rowOf('Shopify UK');
    expect(screen.getByLabelText('Store')).toHaveAttribute('role', 'combobox');
    expect(within(row).getByText('Connected')).toBeInTheDocument();
    expect(within(row).getByText('Ecommerce')).toBeInTheDocument();
    // Shopify synchronises; nothing says otherwise.
    expect(within(row).queryByText('No sync yet')).not.toBeInTheDocument();
    // The provider's mark: a monogram on its brand colour, hidden from assistive technology.
    const mark = within(row).getByText('S', { selector: '[data-channel-mark]' });
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark).toHaveStyle({ backgroundColor: '#96BF48' });
    expect(buttonByText('Reconnect', row)).toBeInTheDocument();
    expect(api.calls('GET', '/stores/11/channels')).toHaveLength(0);
    expect(api.calls('GET', '/companies/channels')).toHaveLength(0);
    expect(localStorage.getItem(LAST_STORE)).toBe('12');
  });

  it('without a store in the link opens on the first store with channels, and remembers a store chosen', async () => {
    const api = stubFetch({
      'GET /stores': listBody([STORE, OTHER_STORE]),
      'GET /companies/channels': listBody([{ ...SHOPIFY, store_name: OTHER_STORE.name }]),
      'GET /stores/:id/channels': channelsByStore,
    });
    renderPage('/channels', MANAGER);
    await rowOf('Shopify UK');
    expect(api.calls('GET', '/stores/11/channels')).toHaveLength(0);
    // The page's own guess is not a choice.
    expect(localStorage.getItem(LAST_STORE)).toBeNull();

    await choose('Store', 'Acme Web');
    await rowOf('Web shop');
    expect(localStorage.getItem(LAST_STORE)).toBe('11');
  });

  it('an active channel: switched on in place; its delete explains why not and offers to deactivate', async () => {
    // The last store chosen opens without asking which stores have channels.
    localStorage.setItem(LAST_STORE, '11');
    let current: ChannelDto = connection();
    const api = stubFetch({
      'GET /stores': listBody([STORE, OTHER_STORE]),
      'GET /stores/:id/channels': () => listBody([current]),
      'PUT /stores/:id/channels/:id/status': (request) => {
        current = { ...current, ...(request.body as { is_active: boolean }) };
        return { body: { data: current } };
      },
    });
    renderPage('/channels', MANAGER);
    const row = await rowOf('Web shop');
    expect(api.calls('GET', '/companies/channels')).toHaveLength(0);
    expect(within(row).queryByText('Not connected')).not.toBeInTheDocument();
    const active = within(row).getByLabelText('Active: Web shop');
    fireEvent.click(active);
    await waitFor(() => expect(active).toBeChecked());
    expect(api.calls('PUT', '/stores/11/channels/5/status')[0]?.body).toEqual({ is_active: true });

    fireEvent.click(buttonByText('Delete', row));
    const refusal = await findPopover('You can not delete an active channel.');
    expect(
      within(refusal).getByText('Deactivate Web shop first; once it is off, it can be deleted.'),
    ).toBeInTheDocument();
    expect(queryButtonByText('Delete', refusal)).not.toBeInTheDocument();
    expect(buttonByText('Cancel', refusal)).toBeInTheDocument();
    fireEvent.click(buttonByText('Deactivate', refusal));
    await waitFor(() => expect(active).not.toBeChecked());
    expect(api.calls('PUT', '/stores/11/channels/5/status')[1]?.body).toEqual({ is_active: false });
    expect(api.calls('DELETE', '/stores/11/channels/5')).toHaveLength(0);
  });

  it("an inactive channel's delete asks for confirmation; should the api refuse (switched on elsewhere), it says why", async () => {
    const api = stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/channels': listBody([connection()]),
      'DELETE /stores/:id/channels/:id': {
        status: 422,
        body: { message: 'You can not delete an active channel', error: 'validation', errors: {} },
      },
    });
    renderPage('/channels', MANAGER);
    fireEvent.click(buttonByText('Delete', await rowOf('Web shop')));
    const popup = await findPopover('Delete Web shop?');
    expect(api.calls('DELETE', '/stores/11/channels/5')).toHaveLength(0);
    fireEvent.click(buttonByText('Delete', popup));
    expect(await screen.findByText('You can not delete an active channel')).toBeInTheDocument();
    expect(api.calls('DELETE', '/stores/11/channels/5')).toHaveLength(1);
  });

  it('plugins: tags the default one and makes another the default', async () => {
    const plugin = (id: number, name: string, isDefault: boolean) =>
      connection({
        id,
        name,
        kind: 'plugin',
        type: 'mintsoft',
        provider: 'Mintsoft',
        category: 'WMS',
        auth_type: 'api_key',
        is_default: isDefault,
      });
    const api = stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/plugins': listBody([plugin(7, 'Main warehouse', true), plugin(8, 'Overflow', false)]),
      'PUT /stores/:id/plugins/:id/default': { body: { data: plugin(8, 'Overflow', true) } },
    });
    renderPage('/channels?store=11&tab=plugins', MANAGER);
    const main = await rowOf('Main warehouse');
    expect(within(main).getByText('Default')).toBeInTheDocument();
    expect(queryButtonByText('Make default', main)).not.toBeInTheDocument();
    fireEvent.click(buttonByText('Make default', await rowOf('Overflow')));
    await waitFor(() =>
      expect(api.calls('PUT', '/stores/11/plugins/8/default')[0]?.body).toEqual({ is_default: true }),
    );
    await waitFor(() => expect(api.calls('GET', '/stores/11/plugins')).toHaveLength(2));
  });

  it('picker: marked tiles grouped by category, searches name and slug, and marks what is coming soon', async () => {
    stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/channels': listBody([]),
      'GET /available-channels': { body: { data: PICKER_CATALOGUE } },
    });
    renderPage('/channels', MANAGER);
    await screen.findByText('No channels connected yet');
    // The header's button; the empty table offers the same.
    fireEvent.click(screen.getAllByText('Add channel', { selector: 'button *' })[0] as HTMLElement);
    const dialog = await findModal('Add channel');
    await within(dialog).findByLabelText('Marketplace');
    expect(within(dialog).getByLabelText('Ecommerce')).toBeInTheDocument();
    // Accounting channels and plugins have their own tabs.
    expect(within(dialog).queryByLabelText('Accounting')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Xero')).not.toBeInTheDocument();
    expect(buttonByText('CubeCart', dialog)).toBeDisabled();
    expect(within(dialog).getByText('Coming soon...')).toBeInTheDocument();

    // Each tile: a focusable button named by the channel, its monogram decorative.
    const amazon = buttonByText('Amazon', dialog);
    expect(amazon.tagName).toBe('BUTTON');
    // Amazon connects but does not sync yet: its tile says so, Shopify's says what it syncs.
    expect(amazon).toHaveTextContent(/^AAmazonNo sync yet$/);
    expect(amazon).toHaveAttribute('title', 'Connects, but Syncdesk does not synchronise it yet');
    const shopify = buttonByText('Shopify', dialog);
    expect(shopify).not.toHaveTextContent('No sync yet');
    expect(shopify).toHaveAttribute('title', 'Syncs orders in, stock out and fulfilment out');
    const mark = amazon.querySelector('[data-channel-mark]');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark).toHaveStyle({ backgroundColor: '#FF9900', color: '#000000' });
    amazon.focus();
    expect(amazon).toHaveFocus();

    const search = within(dialog).getByLabelText('Search the catalogue');
    fireEvent.change(search, { target: { value: 'AMAZONSP' } });
    expect(within(dialog).getByText('Amazon')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Ecommerce')).not.toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'no such thing' } });
    expect(within(dialog).getByText('No channels match')).toBeInTheDocument();

    // "Only what Syncdesk synchronises" hides the types that only connect.
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Only what Syncdesk synchronises' }));
    expect(within(dialog).queryByText('Amazon')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('WooCommerce')).not.toBeInTheDocument();
    expect(buttonByText('Shopify', dialog)).toBeInTheDocument();
    expect(buttonByText('Decathlon', dialog)).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'shopify' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/create/shopify'),
    );
  });

  it('without stores, points to creating one', async () => {
    stubFetch({ 'GET /stores': listBody([]) });
    // The default test user may create stores.
    renderPage('/channels', sessionUser());
    expect(
      await screen.findByText('Connect channels to a store: create your first store.'),
    ).toBeInTheDocument();
    expect(buttonByText('Create store')).toBeInTheDocument();
  });
});
