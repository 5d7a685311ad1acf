import { fireEvent, screen, waitFor } from '@testing-library/react';

import { currentStoreStorageKey, StoreChooserPage } from '@syncdesk/web-kit';
import { createRemotePageRenderer, listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage, sessionUser } from '../orders/__tests__/render-orders-page';
import { META_ROUTES, ruleDto } from '../rules/__tests__/rule-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

/** A seller of company 1 with two stores: every area would have to ask which one. */
const SELLER = sessionUser({
  stores: [
    { id: 11, name: 'Acme Web' },
    { id: 12, name: 'Acme Trade' },
  ],
});

/** Every list these areas load answers empty: the tests follow where each area opens. */
function stubLists() {
  return stubFetch({
    ...META_ROUTES,
    'GET /orders/:storeId': listBody([]),
    'GET /orders/:storeId/getOrderCountGroupByStatus': {
      body: { data: { sync_status: [], status: [], total: 0 } },
    },
    'GET /stores/:storeId/channels': listBody([]),
    'GET /customers/:storeId': listBody([]),
    'GET /invoices/:storeId': listBody([]),
    'GET /confirmationOrders/:storeId': listBody([]),
    'GET /rule-engines': listBody([]),
    'POST /rule-engines/dry-run': validationError({}),
  });
}

/** Opens `path` in a fresh page (as a click in the side navigation or a reload does) and says where it landed. */
async function open(path: string, expected: string, user = SELLER) {
  const view = renderPage(path, user);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(expected));
  return view;
}

beforeEach(() => localStorage.clear());

describe('One current store', () => {
  it('opens every store-scoped area on the store last used, without asking again', async () => {
    const api = stubLists();
    // The seller works in Acme Trade's orders.
    (await open('/orders/12', '/orders/12')).unmount();

    for (const area of ['/orders', '/customers', '/invoices', '/confirmationOrders']) {
      const view = await open(area, `${area}/12`);
      expect(screen.queryByText('Choose a store')).not.toBeInTheDocument();
      view.unmount();
    }
    renderPage('/rules', SELLER);
    await waitFor(() => expect(api.calls('GET', '/rule-engines').at(-1)?.query.get('store_id')).toBe('12'));
    // The store picker shows it too.
    expect(await screen.findByTitle('Acme Trade')).toBeInTheDocument();
  });

  it('asks only when no store was used yet, or when the seller asks to change store', async () => {
    stubLists();
    (await open('/orders', '/orders')).unmount();
    expect(localStorage.getItem(currentStoreStorageKey(SELLER))).toBeNull();

    renderPage('/orders', SELLER);
    expect(await screen.findByText('Choose a store')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Acme Trade' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/12'));
    fireEvent.click(await screen.findByRole('link', { name: 'Change store' }));
    // Asked for: the stores are listed even though one is current.
    expect(await screen.findByRole('list', { name: 'Stores' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/);
  });

  it('lets a link naming another store win and become the current store', async () => {
    stubLists();
    localStorage.setItem(currentStoreStorageKey(SELLER), '12');
    (await open('/customers/11', '/customers/11')).unmount();
    (await open('/invoices', '/invoices/11')).unmount();
    expect(localStorage.getItem(currentStoreStorageKey(SELLER))).toBe('11');
  });

  it('never carries a store into another company, nor a store the user no longer has', async () => {
    stubLists();
    localStorage.setItem(currentStoreStorageKey(SELLER), '12');
    const inOtherCompany = sessionUser({
      company_id: 2,
      stores: [
        { id: 21, name: 'Globex North' },
        { id: 22, name: 'Globex South' },
      ],
    });
    // A link to the first company's store does not become the other company's current store.
    (await open('/orders/12', '/orders/12', inOtherCompany)).unmount();
    renderPage('/orders', inOtherCompany);
    expect(await screen.findByRole('list', { name: 'Stores' })).toBeInTheDocument();
    expect(localStorage.getItem(currentStoreStorageKey(inOtherCompany))).toBeNull();
  });

  it('opens the rules list on the store a rule was just created in', async () => {
    const api = stubLists();
    api.on('POST /rule-engines', {
      status: 201,
      body: { data: ruleDto({ id: 9, store_id: 12, store_name: 'Acme Trade' }) },
    });
    localStorage.setItem(currentStoreStorageKey(SELLER), '11');
    const editor = renderPage('/rules/create', SELLER);
    // The editor proposes the current store; the seller puts the rule in the other one.
    fireEvent.mouseDown(await screen.findByLabelText('Store'));
    fireEvent.click(await screen.findByTitle('Acme Trade'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Trade orders' } });
    fireEvent.click(buttonByText('Create rule'));
    await waitFor(() => expect(api.calls('POST', '/rule-engines')).toHaveLength(1));
    expect(api.calls('POST', '/rule-engines')[0]?.body).toMatchObject({ store_id: 12 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/9'));
    editor.unmount();

    api.on('GET /rule-engines', listBody([ruleDto({ id: 9, name: 'Trade orders', store_id: 12 })]));
    renderPage('/rules', SELLER);
    expect(await screen.findByText('Trade orders')).toBeInTheDocument();
    expect(api.calls('GET', '/rule-engines').at(-1)?.query.get('store_id')).toBe('12');
  });

  it('remembers the store picked even when the seller moves on before its list has loaded', async () => {
    // The list's code never arrives (a slow remote): React keeps the chooser on screen, so the
    // location with the store never commits. The pick must be remembered all the same.
    const never = new Promise<never>(() => undefined);
    function ListStillLoading(): never {
      throw never;
    }
    const chooser = createRemotePageRenderer(
      [
        {
          path: '/orders',
          element: <StoreChooserPage title="Orders" listPath={(id) => `/orders/${id}`} noStoreText="" />,
        },
        { path: '/orders/:storeId', element: <ListStillLoading /> },
      ],
      [],
    );
    chooser.renderPage('/orders', SELLER);
    fireEvent.click(await screen.findByRole('link', { name: 'Acme Trade' }));
    await waitFor(() => expect(localStorage.getItem(currentStoreStorageKey(SELLER))).toBe('12'));
  });
});
