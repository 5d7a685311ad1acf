import {
  ACCOUNT_MENU,
  buildPath,
  isSafeRedirectPath,
  ROUTE_PATTERNS,
  routes,
  SIDE_NAVIGATION,
} from '../routes';

describe('route builders', () => {
  it('fill the parameters in path order', () => {
    expect(routes.orderDetail(1, 2)).toBe('/orders/1/2');
    expect(routes.orderList(7)).toBe('/orders/7');
    expect(routes.productCreate(3)).toBe('/products/3/create');
    expect(routes.channelCreate(4, 'shopify')).toBe('/stores/4/channels/create/shopify');
    expect(routes.accountingChannelDetail(4, 9)).toBe('/stores/4/accounting-channels/9');
    expect(routes.pluginOrderList(5)).toBe('/plugins/orders/5');
    expect(routes.confirmationOrderDetail(5, 'a-b')).toBe('/confirmationOrders/5/a-b');
    expect(routes.hostedPageChannelCreate('tok', 'ebay')).toBe('/hostedPages/tok/channels/create/ebay');
  });

  it('drop an absent optional segment and keep a present one', () => {
    expect(routes.authorizationConnect(undefined, 8)).toBe('/authorization/connect/8');
    expect(routes.authorizationConnect(2, 8)).toBe('/authorization/connect/2/8');
    expect(routes.authorizationPluginConnect(null, 3)).toBe('/authorization/plugin/connect/3');
    expect(routes.channelCouriers(1, 6)).toBe('/stores/1/channels/6/couriers');
    expect(routes.channelCourierMapping(1, undefined)).toBe('/stores/1/channels/couriers/mapping');
    expect(routes.pluginProductDetail(1, 2, 3)).toBe('/stores/1/plugins/2/products/3');
    expect(routes.channelTransactionRecordDetail(1, 2, 99)).toBe(
      '/transactionRecords/stores/1/channels/2/transactionRecords/99',
    );
    expect(routes.webhookTransactionRecords(undefined)).toBe('/transactionRecords/stores/webhooks');
    expect(routes.authCallback()).toBe('/auth/callback');
    expect(routes.authCallback('google')).toBe('/auth/google/callback');
    expect(routes.verifyEmail(undefined, 'abc')).toBe('/auth/verify-email/abc');
    expect(routes.hostedPageConnect('tok', 4, 5)).toBe('/hostedPages/tok/connect/4/5');
  });

  it('encode values so a token cannot add segments', () => {
    expect(routes.hostedPage('a/b c')).toBe('/hostedPages/a%2Fb%20c');
  });

  it('refuse a missing required parameter', () => {
    // @ts-expect-error orderId is required
    expect(() => buildPath(ROUTE_PATTERNS.orderDetail, { storeId: 1 })).toThrow(/orderId/);
  });

  it('build a path for every parameterised pattern that matches the pattern', () => {
    for (const pattern of Object.values(ROUTE_PATTERNS)) {
      const names = [...pattern.matchAll(/:(\w+)\??/g)].map((match) => match[1] as string);
      const params = Object.fromEntries(names.map((name) => [name, 'x']));
      const built = buildPath(pattern, params as never);
      const expected = new RegExp(`^${pattern.replace(/:\w+\??/g, 'x')}$`);
      expect(built).toMatch(expected);
    }
  });
});

describe('side navigation', () => {
  it('follows the spec table', () => {
    expect(SIDE_NAVIGATION.map((item) => [item.label, item.path, item.access])).toEqual([
      ['Dashboard', '/', 'dashboard.read'],
      ['Products', '/products/', 'products.read'],
      ['Orders', '/orders', 'orders.read'],
      ['Confirmation orders', '/confirmationOrders', 'orders.read'],
      ['Invoices', '/invoices', 'everyone'],
      ['Customers', '/customers', 'customers.read'],
      ['Stores', '/stores', 'stores.read'],
      ['Channels', '/channels', 'channels.read'],
      ['Rules', '/rules', 'everyone'],
      ['Transaction records', '/transactionRecords', 'logs.read'],
      ['Stats', '/stats', 'administrator'],
    ]);
  });

  it('disables the store-bound screens without stores', () => {
    const disabled = SIDE_NAVIGATION.filter((item) => item.disabledWithoutStores).map((item) => item.key);
    expect(disabled).toEqual(['products', 'orders', 'confirmationOrders', 'invoices', 'customers']);
  });

  it('puts users and roles behind their scopes in the account menu', () => {
    expect(ACCOUNT_MENU.find((item) => item.key === 'users')?.access).toBe('users.read');
    expect(ACCOUNT_MENU.find((item) => item.key === 'adminNotifications')).toMatchObject({
      access: 'administrator',
      badge: true,
    });
  });
});

describe('isSafeRedirectPath', () => {
  it.each(['/', '/orders/1/2', '/orders?page=2', '/stores/1#top', '/user@x/a-b_c~d%20'])(
    'accepts %s',
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    'https://evil.example',
    'orders',
    '/a/../b',
    '/a b',
    '/javascript:alert(1)',
    '',
  ])('rejects %s', (path) => {
    expect(isSafeRedirectPath(path)).toBe(false);
  });
});
