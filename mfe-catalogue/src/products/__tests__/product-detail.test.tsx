import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, findHeading, findModal, findPopover, renderPage } from '../../__tests__/render-page';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';
import { QUANTITY_EDIT_HELP } from '../ProductForm';
import { detail, GIFT_SET, kitItem, LID, MUG } from './product-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const KIT = detail(GIFT_SET, {
  kit_items: [kitItem(MUG, 2), kitItem(LID, 1)],
  channel_quantities: [
    {
      channel_id: 5,
      channel_name: 'Acme Shopify',
      channel_type: 'shopify',
      channel_product_id: 901,
      quantity: 3,
      explanation: ['5 available', 'Low stock buffer of 2 subtracted'],
    },
    {
      channel_id: 6,
      channel_name: 'Acme Amazon',
      channel_type: 'amazon',
      channel_product_id: null,
      quantity: null,
      explanation: ['Auto sync stock is off for this channel'],
    },
  ],
  plugin_quantities: [
    {
      plugin_id: 9,
      plugin_name: 'Acme ShipBob',
      quantity: 4,
      plugin_sync_status: 2,
      plugin_synced_at: '2026-11-22T09:00:00Z',
    },
  ],
});

const MOVEMENTS = [
  {
    id: 2,
    product_id: 31,
    delta: -2,
    quantity_after: 10,
    reason: 'order',
    source_ref: 'Order #1001',
    user_name: null,
    created_at: '2026-11-22T12:00:00Z',
  },
  {
    id: 1,
    product_id: 31,
    delta: 12,
    quantity_after: 12,
    reason: 'import',
    source_ref: 'products.csv',
    user_name: 'Olivia Owner',
    created_at: '2026-11-21T08:30:00Z',
  },
];

const ACTIVITY = {
  id: 70,
  created_at: '2026-11-22T12:00:00Z',
  source: 'system',
  source_name: 'System',
  via: 'order',
  event: 'product.stock_updated',
  subject_type: 'product',
  subject_id: 31,
  old: { quantity: 12 },
  new: { quantity: 10, delta: -2, reason: 'order', source_ref: 'Order #1001' },
};

const rowWith = (table: HTMLElement, text: string) =>
  within(table).getByText(text).closest('tr') as HTMLElement;

describe('Product detail', () => {
  it('shows a kit’s availability, the component that limits it, and what each channel and plugin is told', async () => {
    stubFetch({ 'GET /products/:storeId/:productId': { body: { data: KIT } } });
    renderPage('/products/11/40');
    expect(await findHeading('GIFT-SET')).toBeInTheDocument();
    expect(screen.getByText('Kits available')).toBeInTheDocument();
    expect(screen.getByText('Limited by').closest('.ant-statistic')).toHaveTextContent('LID-1');

    const components = screen.getByLabelText('Components');
    const mug = rowWith(components, 'MUG-RED');
    // 12 available, 2 per kit: 6 kits; the lid (5 available, 1 per kit) limits the kit to 5.
    expect(mug).toHaveTextContent(/Red mug\s*2\s*12\s*6/);
    expect(within(rowWith(components, 'LID-1')).getByText('Limits the kit')).toBeInTheDocument();
    expect(within(mug).queryByText('Limits the kit')).toBeNull();

    const channels = screen.getByLabelText('Channel quantities');
    const shopify = rowWith(channels, 'Acme Shopify');
    expect(within(shopify).getByText('3')).toBeInTheDocument();
    expect(within(shopify).getByText('Low stock buffer of 2 subtracted')).toBeInTheDocument();
    const amazon = rowWith(channels, 'Acme Amazon');
    expect(within(amazon).getByText('Not told')).toBeInTheDocument();
    expect(within(amazon).getByText('Auto sync stock is off for this channel')).toBeInTheDocument();

    // Where it is listed, as the products list says it (Shopify lists it, Amazon doesn't).
    expect(screen.getByText('Listed on').parentElement).toHaveTextContent('Listed onAcme Shopify');
    expect(within(shopify).getByText('Listed')).toBeInTheDocument();
    expect(within(amazon).getByText('Not listed')).toBeInTheDocument();

    const plugin = rowWith(screen.getByLabelText('Plugin quantities'), 'Acme ShipBob');
    expect(plugin).toHaveTextContent('22 Nov 2026 09:00:00 UTC');
    expect(within(plugin).getByText('Synced')).toBeInTheDocument();
  });

  it('a kit no channel lists says so, as the products list does, above what each channel would be told', async () => {
    const unlisted = detail(
      { ...GIFT_SET, channels: [] },
      {
        kit_items: [kitItem(MUG, 2), kitItem(LID, 1)],
        channel_quantities: KIT.channel_quantities.map((row) => ({ ...row, channel_product_id: null })),
      },
    );
    stubFetch({ 'GET /products/:storeId/:productId': { body: { data: unlisted } } });
    renderPage('/products/11/40');
    expect(
      await screen.findByText(
        /^Not listed on any sales channel yet: nothing is sent until a channel lists it\./,
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByLabelText('Channel quantities')).getAllByText('Not listed')).toHaveLength(2);
  });

  it('shows the stock timeline, adds units through Adjust stock, and follows live stock events', async () => {
    let product = detail(MUG, {
      quantity: 10,
      available: 10,
      used_in_kits: [{ id: 40, sku: 'GIFT-SET', title: 'Mug gift set' }],
    });
    const api = stubFetch({
      'GET /products/:storeId/:productId': () => ({ body: { data: product } }),
      'GET /products/:storeId/:productId/stockMovements': listBody(MOVEMENTS),
      'GET /activities/product/:productId/stock_updated': listBody([ACTIVITY]),
      'PUT /products/:storeId/:productId': () => {
        product = { ...product, quantity: 20, available: 20 };
        return { body: { data: product } };
      },
    });
    renderPage('/products/11/31?tab=timeline');
    expect(await findHeading('MUG-RED')).toBeInTheDocument();

    const ledger = await screen.findByLabelText('Stock ledger');
    const sale = rowWith(ledger, 'Order #1001');
    expect(sale).toHaveTextContent('22 Nov 2026 12:00:00 UTC');
    expect(within(sale).getByText('−2')).toBeInTheDocument();
    expect(within(sale).getByText('Order')).toBeInTheDocument();
    expect(within(sale).getByText('System')).toBeInTheDocument();
    const stockIn = rowWith(ledger, 'products.csv');
    expect(within(stockIn).getByText('+12')).toBeInTheDocument();
    expect(within(stockIn).getByText('Olivia Owner')).toBeInTheDocument();
    expect(await screen.findByText('12 → 10')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026 12:00:00 UTC · System · Order')).toBeInTheDocument();

    // Goods in: units added to whatever is on hand when the change arrives.
    fireEvent.click(buttonByText('Adjust stock'));
    const modal = await findModal('Adjust stock of MUG-RED');
    expect(within(modal).getByLabelText('New quantity on hand')).toHaveValue('10');
    fireEvent.click(within(modal).getByLabelText('Add or remove units'));
    fireEvent.change(await within(modal).findByLabelText('Units to add (negative to remove)'), {
      target: { value: '10' },
    });
    fireEvent.click(buttonByText('Save stock', modal));
    await waitFor(() => expect(api.calls('PUT', '/products/11/31')[0]?.body).toEqual({ stock_delta: 10 }));
    // The saved figure shows, and the timeline reloads to include the new movement.
    await waitFor(() => expect(api.calls('GET', '/products/11/31/stockMovements')).toHaveLength(2));

    // Another tab (or an order) moves the stock: the page follows without a reload.
    await waitFor(() => expect(listenerCount('stock:changed')).toBeGreaterThan(0));
    const loads = api.calls('GET', '/products/11/31').length;
    product = { ...product, quantity: 17, available: 17 };
    act(() => serverEmits('stock:changed', { storeId: 11, productIds: [99] }));
    act(() => serverEmits('stock:changed', { storeId: 11, productIds: [31, 40] }));
    fireEvent.click(screen.getByText('Overview'));
    await waitFor(() =>
      expect(screen.getByText('On hand').closest('.ant-statistic')).toHaveTextContent('17'),
    );
    expect(api.calls('GET', '/products/11/31')).toHaveLength(loads + 1);
    expect(api.calls('GET', '/products/11/31/stockMovements')).toHaveLength(3);
    expect(screen.getByText('GIFT-SET')).toBeInTheDocument();
  });

  it("a kit's timeline: its components' movements, each source a link, and its availability as they moved it", async () => {
    const movement = (id: number, productId: number, values: Record<string, unknown>) => ({
      id,
      product_id: productId,
      delta: -2,
      quantity_after: 10,
      reason: 'order',
      source_ref: null,
      source: null,
      user_name: null,
      created_at: '2026-11-22T12:00:00Z',
      ...values,
    });
    const api = stubFetch({
      'GET /products/:storeId/:productId': { body: { data: KIT } },
      'GET /products/:storeId/:productId/stockMovements': listBody([
        movement(14, MUG.id, {
          source_ref: '5/1001/L1',
          source: { kind: 'order', order_id: 701, label: 'Order 1001' },
        }),
        movement(13, LID.id, {
          delta: 6,
          reason: 'plugin',
          source_ref: 'plugin:9',
          source: { kind: 'plugin', plugin_id: 9, label: 'Acme ShipBob' },
        }),
        movement(12, LID.id, {
          delta: 1,
          reason: 'import',
          source_ref: 'channel:5',
          source: { kind: 'channel', channel_id: 5, label: 'Acme Shopify' },
        }),
        movement(11, MUG.id, {
          delta: 12,
          reason: 'import',
          source_ref: 'import:c0ffee',
          source: { kind: 'import', transfer_uuid: 'tr-1', label: 'stock.csv' },
        }),
        movement(10, LID.id, { delta: 3, reason: 'manual', source_ref: 'shelf recount' }),
      ]),
      'GET /activities/product/:productId/stock_updated': listBody([
        {
          ...ACTIVITY,
          id: 71,
          subject_id: 40,
          old: { quantity: 6 },
          new: { quantity: 5, delta: -1, reason: 'order', source_ref: '5/1001/L1', components: ['MUG-RED'] },
        },
      ]),
    });
    renderPage('/products/11/40?tab=timeline');
    expect(await findHeading('GIFT-SET')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/products/11/40/stockMovements')).toHaveLength(1));

    const ledger = await screen.findByLabelText('Stock ledger');
    const sale = rowWith(ledger, 'Order 1001');
    expect(within(sale).getByText('Order 1001')).toHaveAttribute('href', '/orders/11/701');
    expect(within(sale).getByText('MUG-RED')).toHaveAttribute('href', '/products/11/31');
    const report = rowWith(ledger, 'Acme ShipBob');
    expect(within(report).getByText('Acme ShipBob')).toHaveAttribute('href', '/stores/11/plugins/9');
    expect(within(report).getByText('LID-1')).toHaveAttribute('href', '/products/11/32');
    expect(within(rowWith(ledger, 'Acme Shopify')).getByText('Acme Shopify')).toHaveAttribute(
      'href',
      '/stores/11/channels/5',
    );
    expect(within(rowWith(ledger, 'stock.csv')).getByText('stock.csv')).toHaveAttribute(
      'href',
      '/products/11?transfer=tr-1',
    );
    // A reference with nothing behind it stays as written.
    expect(
      within(rowWith(ledger, 'shelf recount')).queryByRole('link', { name: 'shelf recount' }),
    ).toBeNull();

    expect(await screen.findByText('6 → 5')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026 12:00:00 UTC · System · Order · via MUG-RED')).toBeInTheDocument();
  });

  it('edits a product, sending the quantity only when it was changed', async () => {
    const product = detail(MUG);
    const api = stubFetch({
      'GET /products/:storeId/:productId': { body: { data: product } },
      'PUT /products/:storeId/:productId': (request) => ({
        body: { data: { ...product, ...(request.body as object) } },
      }),
    });
    renderPage('/products/11/31?tab=edit');
    expect(await screen.findByText(QUANTITY_EDIT_HELP)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Red mug, large' } });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/products/11/31')).toHaveLength(1));
    expect(api.calls('PUT', '/products/11/31')[0]?.body).toEqual({
      sku: 'MUG-RED',
      title: 'Red mug, large',
      type: 'product',
      price: '1234.50',
      nominal_code: '4000',
      barcode: null,
      auto_sync_stock: true,
    });

    fireEvent.change(await screen.findByLabelText('Quantity on hand'), { target: { value: '15' } });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(api.calls('PUT', '/products/11/31')).toHaveLength(2));
    expect(api.calls('PUT', '/products/11/31')[1]?.body).toMatchObject({ quantity: 15 });
  });

  it('names the kits in the delete confirmation and shows the server’s refusal', async () => {
    const refusal = 'MUG-RED can not be deleted: it is a component of GIFT-SET.';
    const api = stubFetch({
      'GET /products/:storeId/:productId': {
        body: { data: detail(MUG, { used_in_kits: [{ id: 40, sku: 'GIFT-SET', title: 'Mug gift set' }] }) },
      },
      'DELETE /products/:storeId/:productId': validationError({}, refusal),
    });
    renderPage('/products/11/31');
    expect(await findHeading('MUG-RED')).toBeInTheDocument();
    fireEvent.click(buttonByText('Delete'));
    const popup = await findPopover('Delete MUG-RED?');
    expect(popup).toHaveTextContent('It is a component of GIFT-SET');
    fireEvent.click(buttonByText('Delete', popup));
    expect(await screen.findByText(refusal, { selector: '.ant-alert *' })).toBeInTheDocument();
    expect(api.calls('DELETE', '/products/11/31')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/products/11/31');
  });
});
