import { fireEvent, screen, waitFor } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { ALL_SCOPES, buttonByText, findHeading, renderPage, sessionUser } from '../../__tests__/render-page';
import { product } from '../../channel-products/__tests__/catalogue-fixtures';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';

const CREATE = '/stores/11/channels/5/pickups/8/create';
const TEA = product({ id: 42, sku: 'TEA-9', title: 'Green tea' });

describe('Pickup product form', () => {
  it("picks the product from the store's products by a server search and takes its title", async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      'GET /products/:storeId': (request) =>
        listBody(request.query.get('search') === 'tea' ? [TEA] : [product(), TEA]),
      'POST /pickupStores/:storeId/:channelId/:pickupId/create': (request) => ({
        status: 201,
        body: { data: { id: 41, pickup_store_id: 8, ...(request.body as object) } },
      }),
      'GET /pickupStores/:storeId/:channelId/stores/:id': { status: 404, body: { message: 'Not found' } },
      'GET /pickupStores/:storeId/:channelId/:pickupId': listBody([]),
    });
    renderPage(CREATE, sessionUser({ scope: [...ALL_SCOPES, 'channels.update', 'products.read'] }));
    expect(await findHeading('Add pickup product')).toBeInTheDocument();

    fireEvent.click(buttonByText('Add product'));
    expect(await screen.findByText('The product sku field is required.')).toBeInTheDocument();

    const picker = screen.getByLabelText('Product');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'tea' } });
    fireEvent.click(await screen.findByTitle('TEA-9 · Green tea'));
    expect(screen.getByLabelText('Title')).toHaveValue('Green tea');
    expect(
      api.requests.some((call) => call.path === '/products/11' && call.query.get('search') === 'tea'),
    ).toBe(true);

    fireEvent.click(buttonByText('Add product'));
    await waitFor(() =>
      expect(api.calls('POST', '/pickupStores/11/5/8/create').map((call) => call.body)).toEqual([
        { product_sku: 'TEA-9', title: 'Green tea', quantity: 1 },
      ]),
    );
  });

  it('keeps a plain SKU field for someone who may not read products', async () => {
    const api = stubFetch({ 'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } } });
    renderPage(CREATE, sessionUser({ scope: [...ALL_SCOPES, 'channels.update'] }));
    await findHeading('Add pickup product');
    const sku = screen.getByLabelText('Product');
    expect(sku.tagName).toBe('INPUT');
    expect(sku).not.toHaveAttribute('role', 'combobox');
    fireEvent.mouseDown(sku);
    expect(api.requests.some((call) => call.path.startsWith('/products'))).toBe(false);
  });
});
