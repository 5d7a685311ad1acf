import { fireEvent, screen, waitFor } from '@testing-library/react';

import { listBody, stubFetch, validationError, type StubbedRequest } from '@syncdesk/web-kit/testing';

import { buttonByText, findHeading, renderPage } from '../../__tests__/render-page';
import { detail, GIFT_SET, kitItem, LID, MUG } from './product-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

/** The products list answering the component search: products only, narrowed by the search text. */
function componentSearch(request: StubbedRequest) {
  const search = (request.query.get('search') ?? '').toLowerCase();
  const rows = [MUG, LID].filter((product) =>
    `${product.sku} ${product.title}`.toLowerCase().includes(search),
  );
  return listBody(rows);
}

async function addComponent(search: string, option: string) {
  const picker = screen.getByLabelText('Add a component');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(option));
}

const preview = () => screen.getByTestId('kit-availability');

describe('Creating a kit', () => {
  it('computes how many kits can be built as the units change, and sends the kit items', async () => {
    const api = stubFetch({
      'GET /products/:storeId': componentSearch,
      'POST /products/:storeId/create': validationError(
        { 'kit_items.1.sku': ['LID-1 is no longer in this store.'] },
        'The given data was invalid.',
      ),
    });
    renderPage('/products/11/create');
    expect(await findHeading('Create product')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'GIFT-SET' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Mug gift set' } });
    fireEvent.click(screen.getByLabelText('Kit'));
    expect(await screen.findByText('Add components to see how many kits can be built.')).toBeInTheDocument();
    // A kit holds no stock of its own.
    expect(screen.queryByLabelText('Quantity on hand')).toBeNull();

    await addComponent('mug', 'MUG-RED · Red mug (12 available)');
    await waitFor(() => expect(preview()).toHaveTextContent('Can build 12 kits (limited by MUG-RED)'));
    const searches = api.calls('GET', '/products/11');
    expect(searches[searches.length - 1]?.query.get('type[eq]')).toBe('product');
    expect(searches.some((call) => call.query.get('search') === 'mug')).toBe(true);

    await addComponent('lid', 'LID-1 · Mug lid (5 available)');
    await waitFor(() => expect(preview()).toHaveTextContent('Can build 5 kits (limited by LID-1)'));

    fireEvent.change(screen.getByLabelText('Units per kit of MUG-RED'), { target: { value: '3' } });
    await waitFor(() => expect(preview()).toHaveTextContent('Can build 4 kits (limited by MUG-RED)'));
    fireEvent.change(screen.getByLabelText('Units per kit of LID-1'), { target: { value: '2' } });
    await waitFor(() => expect(preview()).toHaveTextContent('Can build 2 kits (limited by LID-1)'));

    // The server's field map lands on the component line it names.
    fireEvent.click(buttonByText('Create kit'));
    expect(await screen.findByText('LID-1 is no longer in this store.')).toBeInTheDocument();
    expect(api.calls('POST', '/products/11/create')[0]?.body).toEqual({
      sku: 'GIFT-SET',
      title: 'Mug gift set',
      type: 'kit',
      price: null,
      nominal_code: null,
      barcode: null,
      auto_sync_stock: true,
      kit_items: [
        { sku: 'MUG-RED', product_nominal_code: '4000', quantity: 3 },
        { sku: 'LID-1', product_nominal_code: null, quantity: 2 },
      ],
    });

    fireEvent.click(screen.getByLabelText('Remove LID-1'));
    await waitFor(() => expect(preview()).toHaveTextContent('Can build 4 kits (limited by MUG-RED)'));
    api.on('POST /products/:storeId/create', {
      status: 201,
      body: { data: detail(GIFT_SET, { kit_items: [kitItem(MUG, 3)] }) },
    });
    api.on('GET /products/:storeId/:productId', {
      body: { data: detail(GIFT_SET, { kit_items: [kitItem(MUG, 3)] }) },
    });
    api.on('GET /products/:storeId/:productId/stockMovements', listBody([]));
    fireEvent.click(buttonByText('Create kit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products/11/40'));
    expect(api.calls('POST', '/products/11/create')[1]?.body).toMatchObject({
      kit_items: [{ sku: 'MUG-RED', product_nominal_code: '4000', quantity: 3 }],
    });
  });
});

describe('Creating a product', () => {
  it('shows the server’s field messages under their fields, then creates it', async () => {
    const api = stubFetch({
      'POST /products/:storeId/create': validationError({
        sku: ['The SKU MUG-RED is already used in this store.'],
        price: ['The price must be 0 or more.'],
      }),
    });
    renderPage('/products/11/create');
    expect(await findHeading('Create product')).toBeInTheDocument();
    fireEvent.click(buttonByText('Create product'));
    expect(await screen.findByText('Enter the SKU.')).toBeInTheDocument();
    expect(api.calls('POST', '/products/11/create')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'MUG-RED' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Red mug' } });
    fireEvent.change(screen.getByLabelText('Quantity on hand'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '9.5' } });
    fireEvent.change(screen.getByLabelText('Nominal code'), { target: { value: ' 4000 ' } });
    fireEvent.click(buttonByText('Create product'));
    expect(await screen.findByText('The SKU MUG-RED is already used in this store.')).toBeInTheDocument();
    expect(screen.getByText('The price must be 0 or more.')).toBeInTheDocument();
    expect(api.calls('POST', '/products/11/create')[0]?.body).toEqual({
      sku: 'MUG-RED',
      title: 'Red mug',
      type: 'product',
      quantity: 12,
      price: '9.50',
      nominal_code: '4000',
      barcode: null,
      auto_sync_stock: true,
    });
  });
});
