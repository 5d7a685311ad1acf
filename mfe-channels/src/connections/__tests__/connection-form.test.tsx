import { fireEvent, screen, waitFor } from '@testing-library/react';

import { settingsFormFor } from '@syncdesk/contracts';
import { stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage } from '../../__tests__/render-page';
import { connection, MANAGER } from './connection-fixtures';

/** The form endpoint answers the real definitions, as the api does. */
const formRoute = {
  'GET /stores/:id/channels/form/:type': (request: { path: string }) => ({
    body: { data: settingsFormFor(request.path.split('/').at(-1) ?? '') },
  }),
};

// Label and text queries throughout: role queries over a long antd form are slow in jsdom.

describe('Channel settings form', () => {
  it('renders each field type, and a dependsOn field appears only while its switch is on', async () => {
    stubFetch(formRoute);
    renderPage('/stores/11/channels/create/shopify', MANAGER);
    expect(await screen.findByText('Add Shopify')).toBeInTheDocument();
    expect(await screen.findByLabelText('Shop URL')).toHaveAttribute('type', 'url');
    expect(
      screen.getByText('Your myshopify.com address, e.g. https://example.myshopify.com'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Get orders')).toHaveAttribute('role', 'switch');
    expect(screen.getByLabelText('Get orders')).toBeChecked();
    expect(screen.getByLabelText('Products per request')).toHaveValue('250');
    expect(screen.getByLabelText('Order polling time')).toBeInTheDocument();
    // Sections follow the spec's groups.
    expect(screen.getByText('Shopify settings')).toBeInTheDocument();
    expect(screen.getByText('Order fetching')).toBeInTheDocument();

    expect(screen.queryByLabelText('Fraud score threshold')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Hold orders Shopify flags as fraud'));
    expect(await screen.findByLabelText('Fraud score threshold')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Hold orders Shopify flags as fraud'));
    await waitFor(() => expect(screen.queryByLabelText('Fraud score threshold')).not.toBeInTheDocument());
  });

  it("create: shows the api's required and URL messages, named by the labels on screen, without a request", async () => {
    const api = stubFetch(formRoute);
    renderPage('/stores/11/channels/create/shopify', MANAGER);
    await screen.findByText('Create channel');
    const create = buttonByText('Create channel');
    fireEvent.click(create);
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The shop URL field is required.')).toBeInTheDocument();
    // Hidden fields are not checked, as on the server.
    expect(screen.queryByText('The get orders interval field is required.')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Shopify UK' } });
    fireEvent.change(screen.getByLabelText('Shop URL'), { target: { value: 'acme' } });
    fireEvent.click(create);
    expect(await screen.findByText('The shop URL field must be a valid URL.')).toBeInTheDocument();
    expect(api.calls('POST', '/stores/11/channels/shopify')).toHaveLength(0);
  });

  it('create: a 422 lands under its field; once saved, the new channel opens', async () => {
    const api = stubFetch({
      ...formRoute,
      'POST /stores/:id/channels/:type': validationError({ name: ['The name has already been taken.'] }),
    });
    renderPage('/stores/11/channels/create/shopify', MANAGER);
    const name = await screen.findByLabelText('Name');
    const create = buttonByText('Create channel');
    fireEvent.change(name, { target: { value: 'Shopify UK' } });
    fireEvent.change(screen.getByLabelText('Shop URL'), { target: { value: 'https://acme.myshopify.com' } });
    fireEvent.click(create);
    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
    const body = api.calls('POST', '/stores/11/channels/shopify')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Shopify UK',
      shop_url: 'https://acme.myshopify.com',
      get_orders: true,
      products_per_request: 250,
    });

    const created = connection({ id: 9, type: 'shopify', provider: 'Shopify', auth_type: 'oauth' });
    api.on('POST /stores/:id/channels/:type', { status: 201, body: { data: created } });
    api.on('GET /stores/:id/channels/:id', { body: { data: created } });
    fireEvent.click(create);
    expect(await screen.findByText('Created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores/11/channels/9'));
    expect(
      await screen.findByText('Not connected: connect to grant access before syncing.'),
    ).toBeInTheDocument();
  });

  it('edit: saved secrets stay blank with a placeholder and are only sent when retyped', async () => {
    const saved = connection({
      settings: { url: 'https://shop.acme.test', order_statuses: ['processing'] },
      credentials_set: ['api_key'],
    });
    const api = stubFetch({
      ...formRoute,
      'GET /stores/:id/channels/:id': { body: { data: saved } },
      'PUT /stores/:id/channels/:id': {
        body: { data: { ...saved, credentials_set: ['api_key', 'api_secret'] } },
      },
    });
    renderPage('/stores/11/channels/5', MANAGER);
    const key = await screen.findByLabelText('Consumer key');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', 'Saved — leave blank to keep');
    expect(screen.getByLabelText('Consumer secret')).not.toHaveAttribute('placeholder');
    expect(screen.getByLabelText('Store URL')).toHaveValue('https://shop.acme.test');

    fireEvent.click(buttonByText('Save'));
    // Messages name fields by their labels on screen, not by the keys the api stores.
    expect(await screen.findByText('The consumer secret field is required.')).toBeInTheDocument();
    expect(screen.queryByText('The consumer key field is required.')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Consumer secret'), { target: { value: 's3cret' } });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/stores/11/channels/5')).toHaveLength(1));
    const body = api.calls('PUT', '/stores/11/channels/5')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Web shop', url: 'https://shop.acme.test', api_secret: 's3cret' });
    expect(body).not.toHaveProperty('api_key');
    expect(await screen.findByText('Updated successfully.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Consumer secret')).toHaveAttribute(
        'placeholder',
        'Saved — leave blank to keep',
      ),
    );
  });

  it('a channel Syncdesk does not synchronise yet says so on its page; one it syncs does not', async () => {
    const woo = connection();
    const shopify = connection({
      id: 6,
      type: 'shopify',
      provider: 'Shopify',
      auth_type: 'oauth',
      syncs: ['orders_in', 'stock_out', 'fulfilment_out'],
    });
    stubFetch({
      ...formRoute,
      'GET /stores/:id/channels/:id': (request: { path: string }) => ({
        body: { data: request.path.endsWith('/6') ? shopify : woo },
      }),
    });
    const view = renderPage('/stores/11/channels/5', MANAGER);
    expect(
      await screen.findByText(
        'Syncdesk does not synchronise WooCommerce yet: orders, stock and fulfilment stay as they are',
      ),
    ).toBeInTheDocument();
    view.unmount();

    renderPage('/stores/11/channels/6', MANAGER);
    await screen.findByText('Not connected: connect to grant access before syncing.');
    expect(screen.queryByText(/does not synchronise/)).not.toBeInTheDocument();
  });
});
