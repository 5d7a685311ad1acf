import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { CHANNEL_CATALOGUE } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/src/table/testing/fetch-routes';

import { renderPage, sessionUser } from '../../__tests__/render-page';
import { connection, MANAGER, OTHER_STORE, STORE } from './connection-fixtures';

const SHOPIFY = connection({
  id: 6,
  type: 'shopify',
  provider: 'Shopify',
  auth_type: 'oauth',
  name: 'Shopify UK',
  authorized_at: '2026-11-21T10:00:00Z',
});

// A slice of the real catalogue: every category, an inactive entry, a slug unlike its name.
const PICKER_CATALOGUE = CHANNEL_CATALOGUE.filter((entry) =>
  ['xero', 'amazonsp', 'ebay', 'mirakl-decathlon', 'shopify', 'woocommerce', 'cubecart', 'mintsoft'].includes(
    entry.slug,
  ),
);

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('tr') as HTMLElement;
}

describe('Channels page', () => {
  it('keeps the chosen store in the URL and shows the OAuth state of each channel', async () => {
    const api = stubFetch({
      'GET /stores': listBody([STORE, OTHER_STORE]),
      'GET /stores/:id/channels': (request) =>
        listBody(request.path === '/stores/12/channels' ? [SHOPIFY] : [connection()]),
    });
    renderPage('/channels?store=12', MANAGER);
    const row = await rowOf('Shopify UK');
    expect(screen.getByLabelText('Store')).toHaveAttribute('role', 'combobox');
    expect(within(row).getByText('Connected')).toBeInTheDocument();
    expect(within(row).getByText('Ecommerce')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(api.calls('GET', '/stores/11/channels')).toHaveLength(0);
  });

  it('switches a channel on, and shows the refusal when an active one is deleted', async () => {
    const api = stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/channels': listBody([connection()]),
      'PUT /stores/:id/channels/:id/status': { body: { data: connection({ is_active: true }) } },
      'DELETE /stores/:id/channels/:id': {
        status: 422,
        body: { message: 'You can not delete an active channel', error: 'validation', errors: {} },
      },
    });
    renderPage('/channels', MANAGER);
    const row = await rowOf('Web shop');
    expect(within(row).queryByText('Not connected')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('switch', { name: 'Active: Web shop' }));
    await waitFor(() =>
      expect(api.calls('PUT', '/stores/11/channels/5/status')[0]?.body).toEqual({ is_active: true }),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete Web shop?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
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
    expect(within(main).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    fireEvent.click(within(await rowOf('Overflow')).getByRole('button', { name: 'Make default' }));
    await waitFor(() =>
      expect(api.calls('PUT', '/stores/11/plugins/8/default')[0]?.body).toEqual({ is_default: true }),
    );
    await waitFor(() => expect(api.calls('GET', '/stores/11/plugins')).toHaveLength(2));
  });

  it('picker: groups by category, searches name and slug, and marks what is coming soon', async () => {
    stubFetch({
      'GET /stores': listBody([STORE]),
      'GET /stores/:id/channels': listBody([]),
      'GET /available-channels': { body: { data: PICKER_CATALOGUE } },
    });
    renderPage('/channels', MANAGER);
    // The header's button; the empty table offers the same.
    await screen.findByText('No channels connected yet');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add channel' })[0] as HTMLElement);
    // Text and label queries: role queries over a modal full of buttons are slow in jsdom.
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Marketplace');
    expect(within(dialog).getByLabelText('Ecommerce')).toBeInTheDocument();
    // Accounting channels and plugins have their own tabs.
    expect(within(dialog).queryByLabelText('Accounting')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Xero')).not.toBeInTheDocument();
    expect(within(dialog).getByText('CubeCart').closest('button')).toBeDisabled();
    expect(within(dialog).getByText('Coming soon...')).toBeInTheDocument();

    const search = within(dialog).getByLabelText('Search the catalogue');
    fireEvent.change(search, { target: { value: 'AMAZONSP' } });
    expect(within(dialog).getByText('Amazon')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Ecommerce')).not.toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'no such thing' } });
    expect(within(dialog).getByText('No channels match')).toBeInTheDocument();

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
    expect(screen.getByRole('button', { name: 'Create store' })).toBeInTheDocument();
  });
});
