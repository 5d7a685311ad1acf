import { explainProviderOf, explainRecord, type ExplainInput, type ExplainProvider } from '../explain-record';

const input = (provider: ExplainProvider, overrides: Partial<ExplainInput> = {}): ExplainInput => ({
  provider,
  httpStatus: null,
  errorCode: null,
  message: 'answered',
  responseBody: null,
  type: 'get_orders',
  ...overrides,
});

const json = (value: unknown) => JSON.stringify(value);

describe('explainProviderOf', () => {
  it.each([
    ['shopify', 'shopify'],
    ['mirakl', 'mirakl'],
    ['mirakl-decathlon', 'mirakl'],
    ['shipstation', 'wms'],
    ['mintsoft', 'wms'],
    ['xero', 'generic'],
    ['no-such-type', 'generic'],
    [null, 'generic'],
  ] as const)('%s speaks %s', (type, provider) => {
    expect(explainProviderOf(type)).toBe(provider);
  });
});

describe('generic failures, whoever the provider', () => {
  it.each(['shopify', 'mirakl', 'wms', 'generic'] as const)('%s: transport codes', (provider) => {
    expect(explainRecord(input(provider, { errorCode: 'refused_target' }))).toMatchObject({
      action: 'settings',
      cause: expect.stringContaining('private or local network'),
    });
    expect(explainRecord(input(provider, { errorCode: 'timeout' }))).toMatchObject({
      action: 'provider',
      cause: expect.stringContaining('did not answer in time while downloading orders'),
    });
    expect(explainRecord(input(provider, { errorCode: 'network' })).action).toBe('settings');
    expect(explainRecord(input(provider, { errorCode: 'malformed', httpStatus: 200 })).action).toBe(
      'provider',
    );
    expect(explainRecord(input(provider, { errorCode: 'token_expired' })).action).toBe('reconnect');
    expect(
      explainRecord(input(provider, { errorCode: 'invalid_grant', type: 'refresh_tokens' })),
    ).toMatchObject({
      action: 'reconnect',
      cause: expect.stringContaining('refused to renew'),
    });
  });

  it.each(['shopify', 'mirakl', 'wms', 'generic'] as const)(
    '%s: a 200 whose JSON breaks off is malformed',
    (provider) => {
      const broken = '{"orders":[{"id":450789469,"name":"#1001","line_items":[{';
      expect(explainRecord(input(provider, { httpStatus: 200, responseBody: broken }))).toMatchObject({
        action: 'provider',
        cause: expect.stringContaining('could not read'),
      });
      // A body the transport cut itself is not the provider's fault.
      const cut = `{"orders":[{"id":1\n… (cut at 64000 characters)`;
      expect(explainRecord(input(provider, { httpStatus: 200, responseBody: cut })).action).toBe('report');
    },
  );

  it('falls back on the HTTP status for a provider it has no rules for', () => {
    const generic = (httpStatus: number | null) => explainRecord(input('generic', { httpStatus })).action;
    expect(generic(401)).toBe('reconnect');
    expect(generic(403)).toBe('reconnect');
    expect(generic(404)).toBe('check_mapping');
    expect(generic(429)).toBe('wait');
    expect(generic(503)).toBe('provider');
    expect(generic(409)).toBe('report');
    expect(generic(200)).toBe('report');
    expect(generic(null)).toBe('report');
  });

  it('names what we were doing from the job type', () => {
    const types: Record<string, string> = {
      submit_inventory: 'sending stock levels',
      submit_fulfillment: 'sending a shipment',
      refresh_tokens: 'renewing the access token',
      sync_orders: 'sending orders to the warehouse',
      get_updates: 'reading shipments and stock',
      pickup_order: 'click-and-collect',
      webhook_subscriptions: 'subscribing',
      something_else: 'calling it',
    };
    for (const [type, words] of Object.entries(types)) {
      expect(explainRecord(input('generic', { httpStatus: 502, type })).cause).toContain(words);
    }
  });
});

describe('Shopify', () => {
  const shopify = (httpStatus: number, body: unknown, overrides: Partial<ExplainInput> = {}) =>
    explainRecord(input('shopify', { httpStatus, responseBody: json(body), ...overrides }));

  it('401: an invalid token means reconnecting', () => {
    const explanation = shopify(401, {
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    expect(explanation.action).toBe('reconnect');
    expect(explanation.cause).toContain('Invalid API key or access token');
  });

  it('403: a missing scope means reconnecting with every permission', () => {
    expect(
      shopify(403, { errors: 'This action requires merchant approval for write_inventory scope.' }),
    ).toMatchObject({
      action: 'reconnect',
      cause: expect.stringContaining('access scope'),
    });
  });

  it('404: a missing variant for stock, a missing order otherwise', () => {
    expect(shopify(404, { errors: 'Not Found' }, { type: 'submit_inventory' }).cause).toContain('variant');
    expect(shopify(404, { errors: 'Not Found' }, { type: 'submit_fulfillment' }).cause).toContain('order');
  });

  it('422: an order in the wrong state, or data refused (errors by field)', () => {
    expect(shopify(422, { errors: ['The fulfillment order is not in an open state.'] })).toMatchObject({
      action: 'order_state',
      cause: expect.stringContaining('The fulfillment order is not in an open state.'),
    });
    const refused = shopify(422, { errors: { tracking_number: ['is invalid'] } });
    expect(refused.action).toBe('check_mapping');
    expect(refused.cause).toContain('tracking_number is invalid');
  });

  it('429: waits, it retries by itself', () => {
    expect(shopify(429, { errors: 'Exceeded 2 calls per second for api client.' }).action).toBe('wait');
  });

  it('5xx: provider trouble', () => {
    expect(shopify(503, 'Service Unavailable').action).toBe('provider');
  });

  it('400 with page_info and filters: our fault, report it', () => {
    expect(
      shopify(400, { errors: 'updated_at_min cannot be passed when page_info is present' }),
    ).toMatchObject({
      action: 'report',
      cause: expect.stringContaining('page cursor'),
    });
    expect(shopify(400, { errors: 'bad request' }).action).toBe('report');
  });

  it('a refresh answered invalid_grant means reconnecting', () => {
    expect(shopify(400, { error: 'invalid_grant' }, { type: 'refresh_tokens' })).toMatchObject({
      action: 'reconnect',
      cause: expect.stringContaining('refused to renew'),
    });
  });

  it('a refusal of our own app credentials is ours to fix', () => {
    for (const error of ['invalid_client', 'unsupported_grant_type']) {
      expect(
        shopify(
          401,
          { error, error_description: 'Client authentication failed.' },
          { type: 'refresh_tokens' },
        ),
      ).toMatchObject({
        action: 'report',
        cause: expect.stringContaining('Client authentication failed.'),
      });
    }
  });

  it('a body that is not JSON still gets the status’s explanation', () => {
    expect(explainRecord(input('shopify', { httpStatus: 401, responseBody: '<html>' })).action).toBe(
      'reconnect',
    );
  });
});

describe('Mirakl', () => {
  const mirakl = (httpStatus: number, body: unknown, overrides: Partial<ExplainInput> = {}) =>
    explainRecord(input('mirakl', { httpStatus, responseBody: json(body), ...overrides }));

  it.each([
    ['ORDER_INVALID_STATE', 'order_state'],
    ['ORDER_NOT_FOUND', 'check_mapping'],
    ['ORDER_LINE_NOT_FOUND', 'check_mapping'],
    ['ORDER_LINE_ACCEPTANCE_DECISION_MISSING', 'report'],
    ['ORDER_PARTIAL_ACCEPTANCE_DISABLED', 'order_state'],
    ['ORDER_LINE_DUPLICATE_ID', 'report'],
    ['VALIDATION_ERROR', 'report'],
  ])('%s → %s, quoting Mirakl’s message', (code, action) => {
    const explanation = mirakl(400, { message: 'Order is not in the right state', code });
    expect(explanation.action).toBe(action);
    expect(explanation.cause).toContain('Mirakl said: “Order is not in the right state”');
  });

  it('reads the code from an errors list, or from the record’s error code', () => {
    expect(mirakl(400, { errors: [{ code: 'ORDER_INVALID_STATE', message: 'x' }] }).action).toBe(
      'order_state',
    );
    expect(mirakl(400, 'not json', { errorCode: 'ORDER_NOT_FOUND' }).action).toBe('check_mapping');
  });

  it('401: the API key', () => {
    expect(mirakl(401, { message: 'API call without authentication' })).toMatchObject({
      action: 'settings',
      cause: 'Mirakl refused the API key.',
    });
  });

  it('403: the key may not do this', () => {
    expect(mirakl(403, { message: 'Forbidden' }).action).toBe('settings');
  });

  it('429: waits', () => {
    expect(mirakl(429, {}).action).toBe('wait');
  });

  it('STO02 with lines in error or FAILED: check the SKU mapping', () => {
    const partly = mirakl(200, {
      import_id: '7',
      status: 'COMPLETE',
      lines_in_success: 8,
      lines_in_error: 2,
    });
    expect(partly).toMatchObject({ action: 'check_mapping', cause: expect.stringContaining('2 lines') });
    expect(mirakl(200, { import_id: '7', status: 'COMPLETE', lines_in_error: 1 }).cause).toContain('1 line ');
    expect(mirakl(200, { import_id: '7', status: 'FAILED', lines_in_error: 0 }).cause).toContain(
      'could not import the stock file',
    );
  });

  it('anything else by status', () => {
    expect(mirakl(500, {}).action).toBe('provider');
    expect(mirakl(404, {}).action).toBe('check_mapping');
  });
});

describe('WMS plugin contract', () => {
  const wms = (httpStatus: number, code: string) =>
    explainRecord(
      input('wms', { httpStatus, responseBody: json({ error: { code, message: `${code} happened` } }) }),
    );

  it.each([
    ['UNAUTHORIZED', 401, 'settings'],
    ['VALIDATION_FAILED', 422, 'report'],
    ['ORDER_REJECTED', 422, 'order_state'],
    ['UNKNOWN_SKU', 422, 'check_mapping'],
    ['RATE_LIMITED', 429, 'wait'],
    ['NOT_FOUND', 404, 'check_mapping'],
    ['INTERNAL', 500, 'provider'],
  ] as const)('%s → %s', (code, status, action) => {
    expect(wms(status, code).action).toBe(action);
  });

  it('quotes the warehouse, and reads a rejected order inside a 200 batch answer', () => {
    const explanation = explainRecord(
      input('wms', {
        httpStatus: 200,
        type: 'sync_orders',
        responseBody: json({
          results: [
            { reference: 'A', status: 'accepted', id: '1' },
            {
              reference: 'B',
              status: 'rejected',
              error: { code: 'UNKNOWN_SKU', message: 'SKU MUG-9 is unknown' },
            },
          ],
        }),
      }),
    );
    expect(explanation).toMatchObject({
      action: 'check_mapping',
      cause: expect.stringContaining('The warehouse said: “SKU MUG-9 is unknown”'),
    });
  });

  it('an unknown code or body falls back on the status', () => {
    expect(wms(503, 'SOMETHING_NEW').action).toBe('provider');
    expect(explainRecord(input('wms', { httpStatus: 401, responseBody: 'nope' })).action).toBe('reconnect');
  });
});
